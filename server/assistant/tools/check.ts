/**
 * Whether the tool may offer an action, asked of the action layer (`checkAction`,
 * server/actions/run.ts) rather than of the dashboard's flags: the login level, the file rules and
 * whether the file offers the action now are decided there, once, for the screens and the
 * assistant alike. A refusal keeps its reason (`assistant:refused.<reason>`) and the figures it
 * names, and offers the alternatives the action layer names.
 */
import { checkAction } from '../../actions/run.ts';
import type { ActionName } from '../../actions/registry.ts';
import type { ActionContext, ActionFailure } from '../../actions/define.ts';
import type { IntentId } from '../../../intents/catalogue.ts';
import { intentsOfOffers } from '../intent-actions.ts';
import { allowedAlternatives, alternativesOf, linkOf, type ToolContext } from './context.ts';
import { turnFileContext } from './actions.ts';
import type { RefusalReason, ToolResult } from './results.ts';

/** The action layer's context for a tool: the turn's session, variant and language, at noon of the turn's day. */
export function actionContext(ctx: ToolContext): ActionContext {
  return {
    db: ctx.db,
    session: ctx.session ? { ...ctx.session, idHash: ctx.session.idHash ?? '' } : null,
    variant: ctx.variant.id,
    locale: ctx.language,
    now: new Date(`${ctx.today}T12:00:00Z`),
    clientKey: 'assistant',
    door: 'assistant',
    // The turn's one reading of the file: `now` above is the turn's day.
    sessionFile: () => turnFileContext(ctx),
  };
}

/** A refusal of the action layer as the tool's answer, with the figures its reason names. */
export async function refusalOf(
  ctx: ToolContext,
  intent: IntentId,
  failure: Extract<ActionFailure, { kind: 'refused' }>,
): Promise<ToolResult> {
  const detail = failure.detail ?? {};
  const params: Extract<ToolResult, { kind: 'refused' }>['params'] = {};
  const date = detail.payBy ?? detail.requestedAt;
  if (typeof date === 'string') params.date = date.slice(0, 10);
  if (typeof detail.amountMinor === 'number') {
    params.amountMinor = detail.amountMinor;
    params.currency = ctx.variant.currency;
  }
  return {
    kind: 'refused',
    intent,
    reason: failure.reason as RefusalReason,
    params,
    alternatives: failure.alternatives
      ? alternativesOf(intentsOfOffers(failure.alternatives), intent)
      : await allowedAlternatives(ctx, intent),
  };
}

/**
 * Null when the action layer lets this session do `action` on its file now; otherwise the tool's
 * answer: the refusal with its reason, or the step-up / sign-in with the screen to return to.
 */
export async function offerOf(
  ctx: ToolContext,
  intent: IntentId,
  action: ActionName,
  returnTo: string = linkOf(intent) ?? '/dashboard',
): Promise<ToolResult | null> {
  const failure = await checkAction(action, actionContext(ctx));
  if (!failure) return null;
  if (failure.kind === 'stepUp') return { kind: failure.signIn ? 'signIn' : 'stepUp', intent, returnTo };
  if (failure.kind === 'invalid') return refusalOf(ctx, intent, { ok: false, kind: 'refused', reason: 'notPossible' });
  return refusalOf(ctx, intent, failure);
}
