/**
 * What of a file's history the agency's system writes (decision 105): the file handed over for
 * collection and the letters sent, as the line's `history` gives them. Every other kind of event
 * is the portal's own (payments, agreements, messages, uploads, …), which a line never replaces.
 * The pages word them in the debtor's language (locales/<lang>/claimInfo.json `events`).
 */

/** The kinds of event an agency's line gives. */
export const agencyEventKinds = ['handedOver', 'letterSent'] as const;

/** The letters a `letterSent` event names. */
export const letterKinds = ['firstNotice', 'reminder', 'finalReminder'] as const;
