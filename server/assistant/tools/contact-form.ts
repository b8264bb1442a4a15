/**
 * The contact screen's two forms offered inline: the callback (day and time of day filled from
 * the message) and the message (with the subject the intent implies). They post to the contact
 * screen's own action, so the validation, limits and messages are the screen's.
 */
import type { IntentId } from '../../../intents/catalogue.ts';
import type { Slots } from '../../../intents/slots/index.ts';
import { callbackChoices, contactDefaults, messageSubjects } from './actions.ts';
import { linkOf, type ToolContext } from './context.ts';
import type { ToolResult } from './results.ts';

const weekdayNumber = { monday: 1, tuesday: 2, wednesday: 3, thursday: 4, friday: 5, saturday: 6 } as const;

export async function callbackForm(ctx: ToolContext, input: Slots): Promise<ToolResult> {
  const contact = await contactDefaults(ctx.db, ctx.session!);
  const choices = callbackChoices(ctx.variant);
  const prefill: Record<string, string> = { phone: contact.phone };
  if (input.day && choices.weekdays.includes(weekdayNumber[input.day]))
    prefill.weekday = String(weekdayNumber[input.day]);
  if (input.time) prefill.timeOfDay = input.time;
  return {
    kind: 'form',
    form: 'callback',
    intent: 'callback',
    action: '/service/contact?action=callback',
    prefill,
    choices,
    href: linkOf('callback', input)!,
  };
}

export async function messageForm(ctx: ToolContext, intent: IntentId, subjectId: number | null): Promise<ToolResult> {
  const contact = await contactDefaults(ctx.db, ctx.session!);
  const prefill: Record<string, string> = { email: contact.email, phone: contact.phone };
  if (subjectId !== null) prefill.subjectId = String(subjectId);
  return {
    kind: 'form',
    form: 'message',
    intent,
    action: '/service/contact',
    prefill,
    choices: { subjects: messageSubjects() },
    href: linkOf(intent)!,
  };
}
