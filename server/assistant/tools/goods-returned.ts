import { linkTool } from './define.ts';

/** The debtor sent the goods back: leads to the goods-return form, with the return date when given. */
export default linkTool(
  'goods_returned',
  'The debtor sent the goods back: leads to the goods-return form, with the return date when given.',
);
