/**
 * The one entry of the action layer: `runAction(name, context, rawInput)`. In this order it checks
 * the login level (a reference-only session asking for a full-login action gets `stepUp`), loads
 * the session's own file (another debtor's file is never found: `noFile`), runs the action's file
 * rules, reads the input with the action's schema (hostile input is `invalid`, never an exception)
 * and runs the handler. Doors turn the typed result into a page, JSON or a tool answer.
 */
import { unstable_coerceFormValue as coerceFormValue } from '@conform-to/zod/v4';
import type { z } from 'zod';
import { recordFollowUp } from '../assistant/intent-log.ts';
import { recordActionEvent, type ActionEvent } from '../agency/events.ts';
import { audit } from '../audit/log.ts';
import { consumeAll } from '../limits/rate-limits.ts';
import type { Database } from '../db/client.ts';
import { todayIso } from '../claims/facts.ts';
import { getDatabase } from '../db/client.ts';
import { loadFileContext, type FileContext } from '../instalments/context.ts';
import {
  refuse,
  type ActionContext,
  type ActionFailure,
  type ActionResult,
  type AnyAction,
  type InputIssue,
  type Scope,
} from './define.ts';
import { registry, type ActionName, type ActionOf } from './registry.ts';
import type { FileRuleReason } from './rules.ts';

type Outcome<A> = A extends { handler: (...args: never[]) => Promise<infer H> } ? H : never;
type ValueOf<A> = Outcome<A> extends infer H ? (H extends { ok: true; value: infer V } ? V : never) : never;
type ReasonOf<A> = Outcome<A> extends infer H ? (H extends { kind: 'refused'; reason: infer R } ? R : never) : never;

/**
 * The result of one action: its value, or invalid input, one of its refusals (or a file rule's,
 * `noFile`, or `rateLimited` for the limits it declares), or step-up.
 */
export type RunResult<N extends ActionName> = ActionResult<
  ValueOf<ActionOf<N>>,
  ReasonOf<ActionOf<N>> | FileRuleReason | 'noFile' | 'rateLimited'
>;

export function isActionName(name: unknown): name is ActionName {
  return typeof name === 'string' && Object.hasOwn(registry, name);
}

function issuesOf(error: z.ZodError): InputIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.filter((p): p is string | number => typeof p !== 'symbol'),
    message: issue.message,
  }));
}

/** Reads the input as the page's form would be read (conform's coercion: empty text is absent, numbers from text). */
function parseInput(
  schema: z.ZodType,
  raw: unknown,
): { ok: true; value: unknown } | { ok: false; issues: InputIssue[] } {
  try {
    const parsed = coerceFormValue(schema).safeParse(raw);
    return parsed.success ? { ok: true, value: parsed.data } : { ok: false, issues: issuesOf(parsed.error) };
  } catch {
    // A refinement that meets a shape it never expected: still the debtor's input, not a server error.
    return { ok: false, issues: [{ path: [], message: 'errors.invalid' }] };
  }
}

/**
 * A door's context with the process's database: the pages' door (app/lib/actions.server.ts) holds
 * no database handle of its own (decision 077); the API and the assistant bring theirs.
 */
export async function contextWithDatabase(context: Omit<ActionContext, 'db'>): Promise<ActionContext> {
  return { ...context, db: await getDatabase() };
}

/**
 * Whether the action could run for this session and file now, before any input: the login level and
 * the file rules only (null when nothing stands in the way). A page asks before it shows a fee, the
 * assistant before it offers a form.
 */
export async function checkAction(name: ActionName, ctx: ActionContext): Promise<ActionFailure | null> {
  const action = registry[name] as unknown as AnyAction;
  const session = ctx.session;
  if (action.level !== 'none') {
    if (!session) return { ok: false, kind: 'stepUp', signIn: true };
    if (action.level === 'full' && session.level !== 'full') return { ok: false, kind: 'stepUp' };
  }
  if (!session) return null;
  const file = await (ctx.sessionFile?.() ?? loadFileContext(ctx.db, session, todayIso(ctx.now)));
  if (!file) return action.level === 'none' ? null : refuse('noFile');
  for (const rule of [...(action.rules ?? []), ...(action.offered ?? [])]) {
    const refusal = await rule(file, { ctx, session, file } as Scope);
    if (refusal) return refusal;
  }
  return null;
}

export async function runAction<N extends ActionName>(
  name: N,
  ctx: ActionContext,
  rawInput: unknown,
): Promise<RunResult<N>> {
  if (!isActionName(name))
    return { ok: false, kind: 'invalid', issues: [{ path: [], message: 'errors.unknownAction' }] };
  const action = registry[name] as unknown as AnyAction;
  const session = ctx.session;

  if (action.level !== 'none') {
    if (!session) return { ok: false, kind: 'stepUp', signIn: true };
    if (action.level === 'full' && session.level !== 'full') {
      await auditStepUp(ctx, name, session);
      return { ok: false, kind: 'stepUp' };
    }
  }

  let file: FileContext | null = null;
  if (session) {
    // The session's own file only: loadFileContext matches file and debtor together.
    file = await loadFileContext(ctx.db, session, todayIso(ctx.now));
    if (!file && action.level !== 'none') return refuse('noFile') as RunResult<N>;
  }
  const scope = { ctx, session, file, recordEvent: recordedByRunAction } as Scope;

  if (file) {
    for (const rule of action.rules ?? []) {
      const refusal = await rule(file, scope);
      if (refusal) return refusal as RunResult<N>;
    }
  }

  const schema = typeof action.input === 'function' ? action.input(scope) : action.input;
  const input = parseInput(schema, rawInput);
  if (!input.ok) return { ok: false, kind: 'invalid', issues: input.issues };
  if (session && session.level !== 'full' && action.needsFullLogin?.(input.value)) {
    await auditStepUp(ctx, name, session);
    return { ok: false, kind: 'stepUp' };
  }
  if (action.limits) {
    const verdict = await consumeAll(ctx.db, action.limits(input.value, scope));
    if (!verdict.ok) return refuse('rateLimited', { retryAfterSeconds: verdict.retryAfterSeconds }) as RunResult<N>;
  }
  const result = (await runRecorded(name, action, scope, input.value)) as RunResult<N>;
  if (result.ok && ctx.fromAssistant) {
    // The intent log's outcome is a record, never a condition: a failure there leaves the action done.
    await recordFollowUp(ctx.db, ctx.fromAssistant.conversationId, ctx.fromAssistant.path, 'formCompleted').catch(
      () => false,
    );
  }
  return result;
}

/** Asking a reference-only session for the password is recorded, like the services' own refusals. */
async function auditStepUp(ctx: ActionContext, name: ActionName, session: NonNullable<ActionContext['session']>) {
  await audit(ctx.db, {
    actor: 'debtor',
    action: `action.${name}.stepUp`,
    debtorId: session.debtorId,
    fileId: session.fileId,
    clientAddress: ctx.clientKey,
    at: ctx.now,
  });
}

/** `scope.recordEvent` of an action whose event runAction writes. */
async function recordedByRunAction(): Promise<void> {
  throw new Error("This action’s event is written by runAction; only an action with `event: 'own'` records its own.");
}

/**
 * Runs the handler of a signed-in file so that, when it goes through, its event for the agency
 * (issue 29, decision 087) is written in the same transaction as the action's own writes.
 *
 * Most actions write only to the portal's database: the handler runs in one transaction, gets it as
 * its `ctx.db` (its services' own transactions become savepoints of it), and the event is written
 * before the commit. A refusal commits what the handler wrote (its audit entries) without an event;
 * a handler that throws leaves neither.
 *
 * An action with `event: 'own'` calls something outside the database (the payment provider), which
 * must never wait inside an open transaction: on PGlite's one connection it would stop every other
 * request, on PostgreSQL it would hold a connection and the file's locks for the provider's whole
 * latency. runAction opens no transaction for it; the handler writes its event through
 * `scope.recordEvent` in its own last transaction, the one that records the outcome.
 *
 * A visitor's action (feedback without a session) has no file to report.
 */
async function runRecorded(name: ActionName, action: AnyAction, scope: Scope, input: unknown) {
  const { ctx, session, file } = scope;
  if (!session || !file) return action.handler(input, scope);
  const eventOf = (value: unknown): ActionEvent => ({
    action: name,
    door: ctx.door ?? 'page',
    fileId: session.fileId,
    debtorId: session.debtorId,
    reference: file.facts.refno,
    subcase: file.facts.subcase,
    input,
    result: value,
    at: ctx.now,
  });
  if (action.event === 'own') {
    let recorded = false;
    const result = await action.handler(input, {
      ...scope,
      async recordEvent(tx, value) {
        if (recorded) throw new Error(`${name} records one event per run`);
        await recordActionEvent(tx, eventOf(value));
        recorded = true;
      },
    });
    // A handler that went through without recording is a fault (the tests look for its event); its
    // event is still written, if no longer in the same transaction. A replay made nothing new.
    if (result.ok && !recorded && !action.replayed?.(result.value))
      await recordActionEvent(ctx.db, eventOf(result.value));
    return result;
  }
  return ctx.db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    const result = await action.handler(input, { ...scope, ctx: { ...ctx, db: tx } });
    if (result.ok && !action.replayed?.(result.value)) await recordActionEvent(tx, eventOf(result.value));
    return result;
  });
}
