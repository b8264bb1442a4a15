/**
 * The assistant's intent catalogue: the single source of its ids, where each one leads, the
 * login level it needs and the slots worth extracting (../shared/spec/intents.md). Server code,
 * routes, the chat pane, the staff review and the training-data checks all read it from here.
 *
 * Login levels follow section 6 of the spec and the guards the routes use today: `visitor` for
 * what is open to everyone, `limited` for what a reference-number session reaches (dashboard,
 * checkout, instalments), `full` for what needs the password (profile, claim details, contact,
 * download and upload centre, announcing a payment, the notice of completion). For an intent that
 * an action carries out, the assistant reads the level from the action registry
 * (server/assistant/intent-actions.ts, whose test keeps the two equal).
 */

/** The portal's languages; German is the source and fallback. */
export const LANGS = ['de', 'en', 'es', 'fr', 'it', 'tr', 'sv'] as const;
export type Lang = (typeof LANGS)[number];

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

export type LoginLevel = 'visitor' | 'limited' | 'full';

/** A slot the assistant may fill from a message; the names are the deep-link parameters. */
export type SlotName =
  'method' | 'rate' | 'firstDate' | 'date' | 'amount' | 'day' | 'time' | 'dateGoodsReturn' | 'rating';

/**
 * Where an intent leads. `link`: a deep link into a classic screen. `answer`: the assistant
 * answers from the debtor's file or the FAQ; `path` is the classic screen that shows the same.
 * `form`: a form shown inline in the chat; `path` is the screen that carries it otherwise.
 * `path` is without the variant's base path and may carry the fixed query of the slot table
 * (`?action=callback`, `?subject=7`, `?downpayment=true`) or an anchor.
 */
export type Lead =
  { kind: 'link'; path: string } | { kind: 'answer'; path: string | null } | { kind: 'form'; path: string };

export interface IntentDef {
  /** The debtor's wish in a few words (for the staff review page and the docs, not for users). */
  readonly means: string;
  readonly lead: Lead;
  readonly level: LoginLevel;
  /** Slot parameters in the order of the deep-link table. */
  readonly slots: readonly SlotName[];
}

const def = (means: string, lead: Lead, level: LoginLevel, slots: readonly SlotName[] = []): IntentDef => ({
  means,
  lead,
  level,
  slots,
});

/** The catalogue, in the order of intents.md. */
export const CATALOGUE = {
  claim_balance: def('how much do I owe, why this amount', { kind: 'answer', path: '/claim-information' }, 'limited'),
  claim_origin: def(
    'who is the creditor, what is this claim for, the invoice',
    { kind: 'link', path: '/claim-information#list-of-claims' },
    'full',
  ),
  pay_now: def('pay everything now, how can I pay', { kind: 'link', path: '/checkout/pay-direct' }, 'limited', [
    'method',
  ]),
  pay_instalments: def(
    'pay in instalments, monthly rates',
    { kind: 'link', path: '/checkout/pay-installments' },
    'limited',
    ['rate', 'firstDate'],
  ),
  pay_later: def('defer, pay later, more time', { kind: 'link', path: '/checkout/pay-later' }, 'limited', ['date']),
  pay_partial: def(
    'pay part of it, a deposit, a down payment',
    { kind: 'link', path: '/checkout/pay-direct?downpayment=true' },
    'limited',
    ['amount'],
  ),
  already_paid: def('I already paid', { kind: 'link', path: '/announce-payment' }, 'full', ['date', 'amount']),
  skip_instalment: def(
    "skip or postpone this month's instalment",
    { kind: 'link', path: '/skip-installment' },
    'limited',
  ),
  instalment_plan: def('show my repayment plan, next rate', { kind: 'link', path: '/installment-plan' }, 'limited'),
  callback: def('call me back', { kind: 'link', path: '/service/contact?action=callback' }, 'full', ['day', 'time']),
  send_message: def('write to you, send a message', { kind: 'link', path: '/service/contact' }, 'full'),
  report_bug: def('the site is broken, an error', { kind: 'link', path: '/service/contact?subject=7' }, 'full'),
  suggest_improvement: def(
    'an idea to improve the portal',
    { kind: 'link', path: '/service/contact?subject=8' },
    'full',
  ),
  dispute_costs: def(
    'the fees or collection costs are too high',
    { kind: 'link', path: '/service/contact?subject=2' },
    'full',
  ),
  goods_not_received: def(
    'I never received the goods',
    { kind: 'link', path: '/download-center/goods-not-recieved' },
    'full',
  ),
  goods_returned: def('I sent the goods back', { kind: 'link', path: '/download-center/goods-return' }, 'full', [
    'dateGoodsReturn',
  ]),
  identity_theft: def('I never ordered this, fraud', { kind: 'link', path: '/download-center/identity-theft' }, 'full'),
  third_party_mandate: def(
    'my lawyer or a relative handles this',
    { kind: 'link', path: '/download-center/mandate' },
    'full',
  ),
  upload_documents: def('send or upload a document', { kind: 'link', path: '/upload-center' }, 'full'),
  update_profile: def(
    'my address, name, e-mail or phone changed',
    { kind: 'link', path: '/debtor/profile?edit=true' },
    'full',
  ),
  change_password: def('change or reset my password', { kind: 'link', path: '/debtor/profile/password' }, 'full'),
  notice_of_completion: def('confirm the claim is settled', { kind: 'form', path: '/dashboard' }, 'full'),
  consequences: def('what happens if I do not pay', { kind: 'answer', path: '/service/faq' }, 'visitor'),
  privacy: def('what data do you keep, delete my data', { kind: 'answer', path: '/privacy' }, 'visitor'),
  human_agent: def('talk to a human, phone number, opening hours', { kind: 'answer', path: null }, 'visitor'),
  feedback: def('rate the service, leave a review', { kind: 'link', path: '/feedback' }, 'visitor', ['rating']),
  greeting: def('hello', { kind: 'answer', path: null }, 'visitor'),
  thanks_goodbye: def('thanks, bye', { kind: 'answer', path: null }, 'visitor'),
  logout: def('log me out', { kind: 'link', path: '/signout' }, 'visitor'),
  out_of_scope: def('anything the portal does not handle', { kind: 'answer', path: null }, 'visitor'),
  hardship: def(
    'I lost my job, I am ill, someone died, I cannot pay anything now',
    { kind: 'answer', path: '/service/hardship' },
    'visitor',
  ),
  explain_costs: def(
    'what are these costs, why so much more than my invoice, on what legal basis',
    { kind: 'answer', path: '/claim-information' },
    'full',
  ),
  who_we_are: def(
    'who are you, is this a scam, who is the creditor',
    { kind: 'answer', path: '/legal-notice' },
    'visitor',
  ),
  abuse: def('insults, threats, swearing', { kind: 'answer', path: null }, 'visitor'),
  affirm: def('yes, ok, do it', { kind: 'answer', path: null }, 'visitor'),
  deny: def('no, not that, something else', { kind: 'answer', path: null }, 'visitor'),
} as const satisfies Record<string, IntentDef>;

export type IntentId = keyof typeof CATALOGUE;
export const INTENT_IDS = Object.keys(CATALOGUE) as IntentId[];

export function isIntentId(value: unknown): value is IntentId {
  return typeof value === 'string' && Object.hasOwn(CATALOGUE, value);
}

/**
 * Which slot becomes which query parameter in the deep link. The slot names are the parameter
 * names; `rating` is extracted for the feedback form but the table gives it no parameter.
 */
export function linkParams(intent: IntentId): readonly SlotName[] {
  return CATALOGUE[intent].slots.filter((slot) => slot !== 'rating');
}
