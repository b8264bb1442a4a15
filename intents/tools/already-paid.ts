import { linkTool } from './define.ts';

/** The debtor already paid: leads to announcing the payment, with its date and amount when given. */
export default linkTool(
  'already_paid',
  'The debtor already paid: leads to announcing the payment, with its date and amount when given.',
);
