/**
 * The action layer's building blocks (decision 037): an action is a name, a zod input schema, the
 * login level and the file rules it needs, and a handler that returns a typed result. Every door
 * (a route's action, the assistant's tools, the JSON API) calls `runAction` (run.ts) with the
 * action's name; validation, the login level and the file rules are decided there, once.
 *
 * Framework-free: nothing here knows Remix, a Request or a cookie.
 */
import type { LimitName } from '../limits/rate-limits.ts';
import type { z } from 'zod';
import type { Database } from '../db/client.ts';
import type { FileContext } from '../instalments/context.ts';
import type { MaintenanceAnnouncement } from '../maintenance.ts';
import type { Offer } from './rules.ts';

/**
 * What an action needs to know (its own login level included): `limited` = reference-only sign-in,
 * `full` = password, bank identity or a trusted letter link (decision 018), `none` = open to a
 * visitor without a session (feedback).
 */
export type ActionLevel = 'none' | 'limited' | 'full';

/** The signed-in debtor as the action layer sees it (the server-side session, never the browser's word). */
export interface ActionSession {
  debtorId: number;
  fileId: number;
  level: 'limited' | 'full';
  /** The session's id hash: re-authentication (the mandate's password) is remembered per session. */
  idHash: string;
}

/** Who asks, where and when: built by each door from its request. */
export interface ActionContext {
  db: Database;
  session: ActionSession | null;
  /** The variant the request came through (the file's own variant is in `file.variant`). */
  variant: string;
  /** The debtor's language (de, en, es, fr, it, tr, sv); mails and messages are written in it. */
  locale: string;
  now: Date;
  /** The client address: the key of the rate limits and attempt counters, truncated where it is stored. */
  clientKey: string;
  /** Which door asks: the assistant's messages are marked as such. */
  door?: 'page' | 'assistant' | 'api';
  /** The maintenance window announced to this request, if any (a notice about it can be acknowledged). */
  maintenance?: MaintenanceAnnouncement | null;
  /**
   * The assistant conversation the debtor has open (its cookie) and the screen posted to: when the
   * action succeeds, the turn that offered this screen counts as a completed form (issue 15).
   */
  fromAssistant?: { conversationId: string; path: string } | null;
  /**
   * The session's file as the caller has already read it for this day (the assistant reads it once
   * per turn, server/assistant/tools/actions.ts): `checkAction` judges it instead of reading it
   * again. `runAction` always reads the file itself, in the request that changes it.
   */
  sessionFile?: () => Promise<FileContext | null>;
}

/** One problem with the input: the field's path and a translation key (the form's own message). */
export interface InputIssue {
  path: Array<string | number>;
  message: string;
}

/**
 * A refusal: the action cannot be done for this file now. `reason` is the spec's reason as a code
 * (a state guard, an instalment error code, "deferral already granted", a rate limit …) that every
 * door turns into a message in the debtor's language; `alternatives` name what the file allows
 * instead in the action layer's words (`Offer`, rules.ts: the action-button flags set, a callback,
 * a message); the assistant and the API word them as intent ids (server/assistant/intent-actions.ts).
 */
export interface Refused<R extends string = string> {
  ok: false;
  kind: 'refused';
  reason: R;
  alternatives?: readonly Offer[];
  retryAfterSeconds?: number;
  /** Figures the reason's message names (an earlier request's date, the date a deferral runs to). */
  detail?: Record<string, string | number | boolean | null>;
}

export type ActionResult<V, R extends string = string> =
  | { ok: true; value: V }
  | { ok: false; kind: 'invalid'; issues: InputIssue[] }
  | Refused<R>
  /** Needs a full login (decision 018); `signIn` when there is no session at all. */
  | { ok: false; kind: 'stepUp'; signIn?: true };

/** Any result that did not go through, whatever the action. */
export type ActionFailure = Exclude<ActionResult<unknown, string>, { ok: true }>;

/** What a handler returns: a value, one of its own refusals, or step-up when the input asks for more than the level allows. */
export type HandlerResult<V, R extends string> = { ok: true; value: V } | Refused<R> | { ok: false; kind: 'stepUp' };

/**
 * What a handler and a rule see: the context, the session and the file's context loaded for the
 * session (its facts, rules, debtor, today). `file` is null only for `level: 'none'` without a session.
 */
export interface Scope<L extends ActionLevel = ActionLevel> {
  ctx: ActionContext;
  session: L extends 'none' ? ActionSession | null : ActionSession;
  file: L extends 'none' ? FileContext | null : FileContext;
  /**
   * Only for an action with `event: 'own'`: writes its agency event with `tx`, the handler's last
   * transaction, for the value the handler is about to return (decision 087). Elsewhere runAction
   * writes the event itself, and calling this throws.
   */
  recordEvent: (tx: Database, value: unknown) => Promise<void>;
}

/**
 * The signed-in debtor as the services take them: the session's file and debtor, the page's
 * language, the client's address and the action's time.
 */
export function debtorContext({ ctx, session }: Scope<'limited' | 'full'>) {
  return {
    fileId: session.fileId,
    debtorId: session.debtorId,
    language: ctx.locale,
    clientAddress: ctx.clientKey,
    now: ctx.now,
  };
}

/** A file rule: null when the file allows the action, otherwise the refusal. */
export type FileRule = (file: FileContext, scope: Scope) => Refused | null | Promise<Refused | null>;

export interface ActionDefinition<N extends string, S extends z.ZodType, V, R extends string, L extends ActionLevel> {
  name: N;
  /** What the action does, for the registry's documentation and the assistant's tool descriptions. */
  description: string;
  /** The input schema; a function when it depends on the file (limits, the variant's hours, today). */
  input: S | ((scope: Scope<L>) => S);
  level: L;
  /** File rules checked before the input is read, first refusal wins. */
  rules?: readonly FileRule[];
  /**
   * Whether the file offers the action now, asked by `checkAction` (a page before it shows a fee, the
   * assistant before it offers a form) after `rules`. `runAction` leaves these to the handler, whose
   * service re-checks them under the file's lock, so that a repeated submit finds the agreement it made.
   */
  offered?: readonly FileRule[];
  /**
   * Where the agency's event is written (decision 087). Left out: runAction runs the handler in one
   * transaction and writes the event in it when the handler went through. `'own'`: the handler calls
   * something outside the portal's database (the payment provider) that must never run inside a
   * transaction, so runAction opens none; the handler writes its event with `scope.recordEvent` in
   * its own last transaction, after that call.
   */
  event?: 'own';
  /**
   * The rate limits the action counts against (server/limits/rate-limits.ts), as limit and key.
   * runAction counts them after the input is read and before the handler runs, on the database
   * itself: the counter's store (Redis, or the rate_limits table) is never waited on inside the
   * action's transaction, where a slow or unreachable Redis would hold the file's locks (and, on
   * the embedded database, every other request); and an attempt that fails later still counts.
   */
  limits?: (input: z.output<S>, scope: Scope<L>) => ReadonlyArray<readonly [LimitName, string | null | undefined]>;
  /**
   * Whether this input needs the full login although the action is open to the limited level (an
   * address the debtor names for a mail, decision 018). runAction asks for the password before the
   * limits count, so a refused request uses up nothing.
   */
  needsFullLogin?: (input: z.output<S>) => boolean;
  /**
   * Whether a value answers a repeated request with what an earlier run made (the same idempotency
   * key): nothing happened again, so no second event is written. Left out: every run that went
   * through is an event.
   */
  replayed?: (value: NoInfer<V>) => boolean;
  handler: (input: z.output<S>, scope: Scope<L>) => Promise<HandlerResult<V, R>>;
}

export type AnyAction = ActionDefinition<string, z.ZodType, unknown, string, ActionLevel>;

export function defineAction<N extends string, S extends z.ZodType, V, R extends string, L extends ActionLevel>(
  definition: ActionDefinition<N, S, V, R, L>,
): ActionDefinition<N, S, V, R, L> {
  return definition;
}

export const ok = <V>(value: V) => ({ ok: true as const, value });

export const stepUp = () => ({ ok: false as const, kind: 'stepUp' as const });

export function refuse<R extends string>(
  reason: R,
  extra: Pick<Refused<R>, 'alternatives' | 'retryAfterSeconds' | 'detail'> = {},
): Refused<R> {
  return { ok: false, kind: 'refused', reason, ...extra };
}
