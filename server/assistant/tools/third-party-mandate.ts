import { linkTool } from './define.ts';

/** A lawyer, debt counsellor or relative acts for the debtor: leads to the mandate form. */
export default linkTool(
  'third_party_mandate',
  'A lawyer, debt counsellor or relative acts for the debtor: leads to the mandate form.',
);
