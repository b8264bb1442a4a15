import { linkTool } from './define.ts';

/** Shows who the creditor is, what the claim is for and the original invoices (claim information). */
export default linkTool(
  'claim_origin',
  'Shows who the creditor is, what the claim is for and the original invoices (claim information).',
);
