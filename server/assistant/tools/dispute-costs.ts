import { messageForm } from './contact-form.ts';
import { intentTool } from './define.ts';

/** The fees or collection costs are too high or unjustified: a message with the subject costs. */
export default intentTool(
  'dispute_costs',
  'The fees or collection costs are too high or unjustified: a message with the subject costs.',
  (ctx) => messageForm(ctx, 'dispute_costs', 2),
);
