/**
 * File rules every paying tool applies before its own: the file exists, its functions are not
 * blocked, no measure runs (spec 4.1, 6, 8). Each refusal carries the spec's reason and the
 * alternatives the file allows.
 */
import type { IntentId } from '../../../intents/catalogue.ts';
import { dashboard } from './actions.ts';
import { allowedAlternatives, type ToolContext } from './context.ts';
import type { RefusalReason, ToolResult } from './results.ts';

export async function refusal(
  ctx: ToolContext,
  intent: IntentId,
  reason: RefusalReason,
  params: Extract<ToolResult, { kind: 'refused' }>['params'] = {},
): Promise<ToolResult> {
  return { kind: 'refused', intent, reason, params, alternatives: await allowedAlternatives(ctx, intent) };
}

/** The dashboard's view of the file, or the refusal that the file's state gives first. */
export async function fileState(ctx: ToolContext, intent: IntentId) {
  const view = await dashboard(ctx);
  if (!view) return { refused: await refusal(ctx, intent, 'noFile') } as const;
  if (view.functionsBlocked) return { refused: await refusal(ctx, intent, 'blocked') } as const;
  return { view } as const;
}
