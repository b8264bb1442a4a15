import { linkTool } from './define.ts';

/** The debtor wants to rate the service or leave a review: leads to the feedback page. */
export default linkTool(
  'feedback',
  'The debtor wants to rate the service or leave a review: leads to the feedback page.',
);
