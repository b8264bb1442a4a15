/**
 * Every reason the action layer can refuse with: the actions' own refusals, the file rules
 * (rules.ts) and `noFile`, as one type and one registry. The registry is checked against the type
 * both ways by the compiler (`satisfies Record<…, true>`: a missing or an extra name does not
 * compile), and tests check that every locale words each reason (the pane and /chatbot show
 * `assistant:refused.<reason>`). An action whose refusals are typed as a plain `string` does not
 * compile either (see `NoWideReasons`): its reasons could not be listed.
 */
import type { ActionName } from './registry.ts';
import type { RunResult } from './run.ts';

type ReasonsOf<N extends ActionName> = Extract<RunResult<N>, { kind: 'refused' }>['reason'];
type Each = { [N in ActionName]: ReasonsOf<N> };

/** Actions whose refusal type is `string` (an action without refusals of its own is inferred so). */
type WideActions = { [N in ActionName]: string extends Each[N] ? N : never }[ActionName];
/** Only these may be wide: they never refuse by themselves (their reasons are the file rules'). */
type NoWideReasons = [WideActions] extends ['leavePaymentFeedback'] ? true : never;
const noWideReasons: NoWideReasons = true;
void noWideReasons;

export type ActionRefusalReason = { [N in ActionName]: string extends Each[N] ? never : Each[N] }[ActionName];

const registry = {
  alreadyDisputed: true,
  alreadyExists: true,
  alreadyGranted: true,
  alreadyPaused: true,
  alreadyRequested: true,
  alreadySkipped: true,
  alreadyUploaded: true,
  attemptsExceeded: true,
  awaitingProof: true,
  blocked: true,
  code1: true,
  code2: true,
  code3: true,
  code4: true,
  code5: true,
  code6: true,
  codeApi: true,
  codeDefault: true,
  continuePending: true,
  dateOutOfRange: true,
  depositFirst: true,
  downPaymentFirst: true,
  exists: true,
  failed: true,
  feeNotAgreed: true,
  finished: true,
  guard: true,
  inFlight: true,
  invalid: true,
  keyReused: true,
  mandateInvalid: true,
  measureRunning: true,
  methodUnavailable: true,
  noAddress: true,
  noChange: true,
  noFile: true,
  noFiles: true,
  noPassword: true,
  noPlan: true,
  notAllowed: true,
  notAvailable: true,
  notFound: true,
  notOffered: true,
  notPossible: true,
  notStored: true,
  notYours: true,
  noTransfer: true,
  nothingToPay: true,
  noticeInvalid: true,
  offerUnavailable: true,
  optedOut: true,
  passwordRequired: true,
  pending: true,
  proofRequired: true,
  providerError: true,
  rateLimited: true,
  sepaActive: true,
  status20: true,
  statusOpen: true,
  tooHigh: true,
  tooLow: true,
  tooMany: true,
  totalTooLarge: true,
  unknownDocument: true,
  usedThisYear: true,
  wrongKind: true,
  wrongPassword: true,
  zipCityMismatch: true,
} as const satisfies Record<ActionRefusalReason, true>;

/** Compile-time: no name in the registry that no action returns. */
type Extra = Exclude<keyof typeof registry, ActionRefusalReason>;
const noExtra: [Extra] extends [never] ? true : never = true;
void noExtra;

export const actionRefusalReasons = Object.keys(registry) as ActionRefusalReason[];
