import { linkTool } from './define.ts';

/** The debtor's address, name, e-mail or phone changed: leads to the profile in edit mode. */
export default linkTool(
  'update_profile',
  "The debtor's address, name, e-mail or phone changed: leads to the profile in edit mode.",
);
