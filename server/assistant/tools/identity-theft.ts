import { linkTool } from './define.ts';

/** The debtor never ordered this (identity theft, fraud): leads to the identity-theft form. */
export default linkTool(
  'identity_theft',
  'The debtor never ordered this (identity theft, fraud): leads to the identity-theft form.',
);
