import { linkTool } from './define.ts';

/** The debtor never received the goods billed: leads to the printed form for goods not received. */
export default linkTool(
  'goods_not_received',
  'The debtor never received the goods billed: leads to the printed form for goods not received.',
);
