/**
 * What every tool knows of the turn: the database, the session (or none), the variant, the
 * page's language and today's date in the file's calendar. Built per request by the chat route;
 * the tools take nothing of this from the model's input, so a model cannot reach another file.
 */
import { z } from 'zod';
import type { ActiveSession } from '../../auth/session.ts';
import type { Database } from '../../db/client.ts';
import type { Variant } from '../../variants/config.ts';
import { alternativesFor } from '../../actions/rules.ts';
import { turnFileContext } from './actions.ts';
import { CATALOGUE, INTENT_IDS, type IntentId, type Lang } from '../../../intents/catalogue.ts';
import { intentsOfOffers, levelOf, offersOfIntent } from '../intent-actions.ts';
import { buildHref } from '../../../intents/links.ts';
import type { Slots } from '../../../intents/slots/index.ts';
import type { Alternative, ToolResult } from './results.ts';

export interface ToolContext {
  db: Database;
  /** `idHash` when the door has the server session (the action layer remembers a re-authentication per session). */
  session: (Pick<ActiveSession, 'fileId' | 'debtorId' | 'level'> & { idHash?: string }) | null;
  variant: Variant;
  language: Lang;
  today: string;
  /** What the conversation so far says that a tool needs: how often it was abusive (the third time ends it). */
  conversation?: { abuseStrikes: number };
}

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .describe('ISO date YYYY-MM-DD, resolved against today');
const money = z.number().positive().max(10_000_000).describe('amount in the currency, major units (50, 199.9)');

/** The slot fields a tool's input may carry; each tool picks the ones of its intent. */
export const slotFields = {
  method: z.enum(['card', 'transfer', 'wallet', 'instant', 'cash', 'sepa']).optional(),
  rate: money.optional(),
  firstDate: isoDate.optional(),
  date: isoDate.optional(),
  amount: money.optional(),
  day: z.enum(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday']).optional(),
  time: z.enum(['morning', 'noon', 'afternoon', 'evening']).optional(),
  dateGoodsReturn: isoDate.optional(),
  rating: z.number().int().min(1).max(5).optional(),
};

/** The input schema of an intent's tool: the slots of the catalogue, nothing else. */
export function slotSchema(intent: IntentId) {
  const shape: Partial<typeof slotFields> = {};
  for (const slot of CATALOGUE[intent].slots) (shape as Record<string, unknown>)[slot] = slotFields[slot];
  return z.object(shape as typeof slotFields).partial();
}

/** The deep link of an intent with the slots given (never guessed ones). */
export function linkOf(intent: IntentId, slots: Slots = {}): string | null {
  return buildHref(intent, slots);
}

/**
 * The login level the intent needs (its action's level in the registry, else the catalogue's; spec
 * section 6, server/assistant/intent-actions.ts): a visitor is asked to sign in, a reference-only
 * session asking for a full-level action gets the password step-up. Null: allowed.
 */
export function levelGate(ctx: ToolContext, intent: IntentId, slots: Slots = {}): ToolResult | null {
  const level = levelOf(intent);
  const returnTo = linkOf(intent, slots) ?? '/dashboard';
  if (level === 'visitor') return null;
  if (!ctx.session) return { kind: 'signIn', intent, returnTo };
  if (level === 'full' && ctx.session.level !== 'full') return { kind: 'stepUp', intent, returnTo };
  return null;
}

/**
 * What the file allows instead of `except`, as the action layer names it (`alternativesFor`,
 * server/actions/rules.ts, as intents): the payment ways the file offers first, a person always.
 */
export async function allowedAlternatives(ctx: ToolContext, except: IntentId): Promise<Alternative[]> {
  const file = await turnFileContext(ctx);
  const offers = file ? alternativesFor(file, offersOfIntent(except)) : (['requestCallback', 'sendMessage'] as const);
  return alternativesOf(intentsOfOffers(offers), except);
}

const isIntent = (id: string): id is IntentId => (INTENT_IDS as readonly string[]).includes(id);

/** Intent ids (from the action layer) as the pane's buttons, each with its deep link. */
export function alternativesOf(intents: readonly string[], except?: IntentId): Alternative[] {
  return intents
    .filter(isIntent)
    .filter((intent) => intent !== except)
    .map((intent) => ({ intent, href: linkOf(intent) }));
}

/** Major units as the model and the links give them → minor units of the file's currency. */
export function toMinor(major: number): number {
  return Math.round(major * 100);
}
