import { intentTool } from './define.ts';

/** How many abusive messages a conversation takes before it ends (the third ends it). */
export const abuseLimit = 3;

/**
 * Insults, threats, swearing (abuse): a calm answer without judgement that offers a person (the
 * callback and the phone with its hours, which the component adds). The third time in one
 * conversation ends it politely; the intent log records each turn as `abuse`.
 */
export default intentTool(
  'abuse',
  'The debtor insults, threatens or swears: answer calmly without judgement and offer a person.',
  (ctx) => {
    const strike = (ctx.conversation?.abuseStrikes ?? 0) + 1;
    return {
      kind: 'abuse',
      intent: 'abuse',
      strike,
      ended: strike >= abuseLimit,
      callbackHref: '/service/contact?action=callback',
    };
  },
);
