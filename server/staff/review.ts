/**
 * The review desk's queries on the anonymised intent log (issue 15): the filtered, sorted, paged
 * list; the figures behind the charts; corrections; the export of corrected entries as training
 * data (intents/corrections/<lang>.jsonl lines); and how many corrected entries the current model
 * gets right. Nothing here reads a debtor, a file or a session: the log holds none.
 */
import { and, asc, count, desc, eq, gte, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { CATALOGUE, INTENT_IDS, isIntentId, isLang, LANGS, type IntentId } from '../../intents/catalogue.ts';
import { anonymise } from '../../intents/anonymiser/index.ts';
import { buildHref } from '../../intents/links.ts';
import type { Slots } from '../../intents/slots/index.ts';
import { turnOutcomes } from '../assistant/outcomes.ts';
import { audit } from '../audit/log.ts';
import { withDatabase, type Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { agencyTimeZone } from '../time-zone.ts';

import { confidenceBands, type ConfidenceBand } from './constants.ts';

export { confidenceBands };
/** Bands in per mille: below 0.5 the assistant asks back; 0.8 and more counts as sure. */
const bandRange: Record<ConfidenceBand, [number, number]> = { low: [0, 500], medium: [500, 800], high: [800, 1001] };

export const sortKeys = ['at', 'intent', 'confidence', 'language', 'outcome'] as const;
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional().catch(undefined));

/** The desk's filters, read from the query string; anything unknown is dropped, never an error. */
export const logQuery = z.object({
  from: optional(isoDay),
  to: optional(isoDay),
  language: optional(z.enum(LANGS)),
  variant: optional(z.string().max(40)),
  intent: optional(z.enum(INTENT_IDS as [IntentId, ...IntentId[]])),
  band: optional(z.enum(confidenceBands)),
  outcome: optional(z.enum(turnOutcomes as unknown as [string, ...string[]])),
  engine: optional(z.enum(['embedded', 'model'])),
  corrected: optional(z.enum(['yes', 'no'])),
  sort: optional(z.enum(sortKeys)),
  dir: optional(z.enum(['asc', 'desc'])),
  page: optional(z.coerce.number().int().min(1).max(100_000)),
});
export type LogQuery = z.infer<typeof logQuery>;

export function readLogQuery(url: URL): LogQuery {
  return logQuery.parse(Object.fromEntries(url.searchParams));
}

export const pageSize = 25;

/**
 * The agency's time zone as an SQL literal, not a parameter: the day expression has to be the same
 * text in SELECT and GROUP BY (a constant of ours, checked to be a plain zone name).
 */
const zone = sql.raw(`'${/^[A-Za-z_]+(\/[A-Za-z_]+)*$/.test(agencyTimeZone) ? agencyTimeZone : 'UTC'}'`);

/**
 * The start of a calendar day in the agency's time zone, as an instant (issue 25, finding 9: the
 * desk's days are the agency's, in the filters, the charts and the log's times alike).
 */
const dayStart = (isoDay: string, plusDays = 0) =>
  sql`((${isoDay}::date + ${plusDays}::int)::timestamp at time zone ${zone})`;

/** The agency's calendar day of an instant, as YYYY-MM-DD. */
const agencyDay = (column: SQL | typeof t.intentLog.at) =>
  sql<string>`to_char(${column} at time zone ${zone}, 'YYYY-MM-DD')`;

function whereOf(q: LogQuery): SQL | undefined {
  const l = t.intentLog;
  const parts: Array<SQL | undefined> = [
    q.from ? sql`${l.at} >= ${dayStart(q.from)}` : undefined,
    q.to ? sql`${l.at} < ${dayStart(q.to, 1)}` : undefined,
    q.language ? eq(l.language, q.language) : undefined,
    q.variant ? eq(l.variant, q.variant) : undefined,
    q.intent ? eq(l.intentId, q.intent) : undefined,
    q.band ? and(gte(l.confidence, bandRange[q.band][0]), lt(l.confidence, bandRange[q.band][1])) : undefined,
    q.outcome ? eq(l.outcome, q.outcome) : undefined,
    q.engine ? eq(l.engine, q.engine) : undefined,
    q.corrected === 'yes' ? isNotNull(l.correctedAt) : q.corrected === 'no' ? isNull(l.correctedAt) : undefined,
  ];
  return and(...parts.filter((p): p is SQL => p !== undefined));
}

const sortColumn = {
  at: t.intentLog.at,
  intent: t.intentLog.intentId,
  confidence: t.intentLog.confidence,
  language: t.intentLog.language,
  outcome: t.intentLog.outcome,
} as const;

export interface LogEntry {
  id: number;
  at: Date;
  variant: string;
  language: string;
  text: string;
  intent: string;
  confidence: number;
  clarified: boolean;
  engine: string;
  slots: Record<string, string> | null;
  actionOffered: string | null;
  outcome: string | null;
  refusalReason: string | null;
  latencyMs: number | null;
  correctedIntent: string | null;
  correctedSlots: Record<string, string> | null;
  correctedAt: Date | null;
  /** The text still matched a pattern of personal data here once: masked, waiting for deletion. */
  flagged: boolean;
}

const entryColumns = {
  id: t.intentLog.id,
  at: t.intentLog.at,
  variant: t.intentLog.variant,
  language: t.intentLog.language,
  text: t.intentLog.anonymisedText,
  intent: t.intentLog.intentId,
  confidence: t.intentLog.confidence,
  clarified: t.intentLog.clarified,
  engine: t.intentLog.engine,
  slots: t.intentLog.slots,
  actionOffered: t.intentLog.actionOffered,
  outcome: t.intentLog.outcome,
  refusalReason: t.intentLog.refusalReason,
  latencyMs: t.intentLog.latencyMs,
  correctedIntent: t.intentLog.correctedIntent,
  correctedSlots: t.intentLog.correctedSlots,
  correctedAt: t.intentLog.correctedAt,
  piiFlaggedAt: t.intentLog.piiFlaggedAt,
};

type EntryRow = Omit<LogEntry, 'confidence' | 'flagged'> & { confidence: number; piiFlaggedAt: Date | null };

/**
 * The second line of defence (issue 27): a logged text is screened again with the anonymiser as
 * it is now before staff see it. Whatever still matches a pattern of personal data (text stored
 * by an older anonymiser, or a datum the first pass missed) is masked in what staff see.
 */
export function screenText(text: string): { text: string; flagged: boolean } {
  const again = anonymise(text);
  return again === text ? { text, flagged: false } : { text: again, flagged: true };
}

/**
 * Screens rows read for staff: a row whose text still held personal data is rewritten in the
 * database with the masked text at once (the datum leaves the log now, not after six months) and
 * flagged for deletion; the flag shows on the desk, and "delete flagged entries" purges them.
 */
async function screenRows(db: Database, rows: EntryRow[], now: Date = new Date()): Promise<LogEntry[]> {
  const entries: LogEntry[] = [];
  for (const { piiFlaggedAt, ...row } of rows) {
    const screened = screenText(row.text);
    if (screened.flagged)
      await db
        .update(t.intentLog)
        .set({ anonymisedText: screened.text, piiFlaggedAt: piiFlaggedAt ?? now })
        .where(eq(t.intentLog.id, row.id));
    entries.push({
      ...row,
      text: screened.text,
      confidence: row.confidence / 1000,
      flagged: screened.flagged || piiFlaggedAt !== null,
    });
  }
  return entries;
}

/** How many entries are flagged for deletion. */
export async function flaggedCount(db: Database): Promise<number> {
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(t.intentLog)
    .where(isNotNull(t.intentLog.piiFlaggedAt));
  return n;
}

/** Deletes every entry flagged for deletion; audited with the staff member and the number. */
export async function purgeFlagged(db: Database, staffId: number): Promise<number> {
  const rows = await db
    .delete(t.intentLog)
    .where(isNotNull(t.intentLog.piiFlaggedAt))
    .returning({ id: t.intentLog.id });
  await audit(db, { actor: 'staff', action: 'staff.log.flaggedPurged', detail: { staffId, entries: rows.length } });
  return rows.length;
}

export async function listLog(db: Database, q: LogQuery) {
  const where = whereOf(q);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(t.intentLog).where(where);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(q.page ?? 1, pages);
  const column = sortColumn[q.sort ?? 'at'];
  const order = (q.dir ?? (q.sort && q.sort !== 'at' && q.sort !== 'confidence' ? 'asc' : 'desc')) === 'asc';
  const rows = await db
    .select(entryColumns)
    .from(t.intentLog)
    .where(where)
    .orderBy(order ? asc(column) : desc(column), desc(t.intentLog.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { entries: await screenRows(db, rows), total, page, pages };
}

export async function getEntry(db: Database, id: number): Promise<LogEntry | null> {
  const [row] = await db.select(entryColumns).from(t.intentLog).where(eq(t.intentLog.id, id));
  return row ? ((await screenRows(db, [row]))[0] ?? null) : null;
}

/** Variants present in the log (for the filter). */
export async function loggedVariants(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ variant: t.intentLog.variant })
    .from(t.intentLog)
    .orderBy(asc(t.intentLog.variant));
  return rows.map((r) => r.variant);
}

export interface DeskFigures {
  total: number;
  /** Per day (YYYY-MM-DD, the agency's calendar day, as the log shows its times) and intent. */
  volume: Array<{ day: string; intent: string; turns: number }>;
  /** Share of turns classified as out of scope (the assistant could not place them). */
  fallbackRate: number;
  /** Share of turns where the assistant asked back. */
  clarificationRate: number;
  /** Share of turns handed to a person (a message or a callback instead of an answer). */
  handedRate: number;
  /**
   * Share of turns placed on an intent and not handed to a person (issue 25, finding 9). An
   * unplaced turn never counts here: it used to (containment was "not handed over"), so a log with
   * a quarter unplaced showed "100 % solved in the portal" beside "25 % not matched". Whether the
   * debtor's matter was settled is not in the log; the label says only what is counted.
   */
  containment: number;
  /** Corrected entries: predicted intent → corrected intent. */
  confusion: Array<{ predicted: string; corrected: string; turns: number }>;
}

export async function deskFigures(db: Database, q: LogQuery): Promise<DeskFigures> {
  const where = whereOf(q);
  const l = t.intentLog;
  const day = agencyDay(l.at);
  const volume = await db
    .select({ day, intent: l.intentId, turns: count() })
    .from(l)
    .where(where)
    .groupBy(day, l.intentId)
    .orderBy(day, l.intentId);
  const [totals] = await db
    .select({
      total: count(),
      fallback: sql<number>`count(*) filter (where ${l.intentId} = 'out_of_scope')`.mapWith(Number),
      clarified: sql<number>`count(*) filter (where ${l.clarified})`.mapWith(Number),
      handed: sql<number>`count(*) filter (where ${l.outcome} = 'handedToPerson')`.mapWith(Number),
      contained:
        sql<number>`count(*) filter (where ${l.intentId} <> 'out_of_scope' and ${l.outcome} is distinct from 'handedToPerson')`.mapWith(
          Number,
        ),
    })
    .from(l)
    .where(where);
  const confusion = await db
    .select({ predicted: l.intentId, corrected: sql<string>`${l.correctedIntent}`, turns: count() })
    .from(l)
    .where(and(where, isNotNull(l.correctedIntent)))
    .groupBy(l.intentId, l.correctedIntent)
    .orderBy(l.intentId, l.correctedIntent);
  const total = totals?.total ?? 0;
  const share = (n: number) => (total === 0 ? 0 : n / total);
  return {
    total,
    volume: volume.map((v) => ({ ...v, turns: Number(v.turns) })),
    fallbackRate: share(totals?.fallback ?? 0),
    clarificationRate: share(totals?.clarified ?? 0),
    handedRate: share(totals?.handed ?? 0),
    containment: share(totals?.contained ?? 0),
    confusion: confusion.map((c) => ({ ...c, turns: Number(c.turns) })),
  };
}

/** The slots worth correcting for an intent (its deep-link parameters), as strings from a form. */
export function correctionSchema(intent: IntentId) {
  const shape: Record<string, z.ZodType> = {};
  for (const slot of CATALOGUE[intent].slots) {
    shape[slot] =
      slot === 'amount' || slot === 'rate' || slot === 'rating'
        ? optional(z.string().regex(/^\d{1,7}([.,]\d{1,2})?$/))
        : slot === 'firstDate' || slot === 'date' || slot === 'dateGoodsReturn'
          ? optional(isoDay)
          : optional(z.string().max(20));
  }
  return z.object(shape);
}

export type CorrectionResult = { ok: true } | { ok: false; error: 'notFound' | 'intent' };

/** A reviewer's correction: the right intent and, for an intent with slots, the right slots. */
export async function correctEntry(
  db: Database,
  staffId: number,
  id: number,
  intent: string,
  slotInput: Record<string, unknown> = {},
  now = new Date(),
): Promise<CorrectionResult> {
  if (!isIntentId(intent)) return { ok: false, error: 'intent' };
  const parsed = correctionSchema(intent).safeParse(slotInput);
  const slots: Record<string, string> = {};
  if (parsed.success) {
    for (const [key, value] of Object.entries(parsed.data)) {
      if (typeof value === 'string' && value !== '') slots[key] = value.replace(',', '.');
    }
  }
  const rows = await db
    .update(t.intentLog)
    .set({
      correctedIntent: intent,
      correctedSlots: Object.keys(slots).length > 0 ? slots : null,
      correctedBy: staffId,
      correctedAt: now,
    })
    .where(eq(t.intentLog.id, id))
    .returning({ id: t.intentLog.id, predicted: t.intentLog.intentId });
  if (rows.length === 0) return { ok: false, error: 'notFound' };
  await audit(db, {
    actor: 'staff',
    action: 'staff.log.corrected',
    detail: { staffId, entryId: id, predicted: rows[0]!.predicted, corrected: intent },
    at: now,
  });
  return { ok: true };
}

function slotsForLink(slots: Record<string, string> | null): Slots {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(slots ?? {})) {
    out[key] = key === 'amount' || key === 'rate' || key === 'rating' ? Number(value) : value;
  }
  return out as Slots;
}

/** One line of intents/corrections/<lang>.jsonl: the shape of the dev lines (text, intent, today?, href?). */
export interface CorrectionLine {
  text: string;
  intent: IntentId;
  today?: string;
  href?: string | null;
}

/** Corrected entries as training lines, per language, oldest first; slots go as the deep link. */
export async function correctionLines(db: Database, language?: string) {
  const l = t.intentLog;
  const rows = await db
    .select({
      language: l.language,
      text: l.anonymisedText,
      intent: l.correctedIntent,
      slots: l.correctedSlots,
      at: l.at,
    })
    .from(l)
    .where(and(isNotNull(l.correctedIntent), language && isLang(language) ? eq(l.language, language) : undefined))
    .orderBy(asc(l.language), asc(l.correctedAt), asc(l.id));
  const lines: Array<{ language: string; line: CorrectionLine }> = [];
  for (const row of rows) {
    if (!isIntentId(row.intent) || !isLang(row.language)) continue;
    // Exported training lines are screened like the desk's view: no personal datum leaves in a file.
    const line: CorrectionLine = { text: screenText(row.text).text.trim(), intent: row.intent };
    if (row.slots && Object.keys(row.slots).length > 0) {
      line.today = row.at.toISOString().slice(0, 10);
      line.href = buildHref(row.intent, slotsForLink(row.slots));
    }
    lines.push({ language: row.language, line });
  }
  return lines;
}

/** JSON Lines: one object a line, a newline after each. */
export function toJsonLines(lines: Array<{ line: CorrectionLine }>): string {
  return lines.map(({ line }) => `${JSON.stringify(line)}\n`).join('');
}

export async function auditExport(db: Database, staffId: number, lines: number) {
  await audit(db, { actor: 'staff', action: 'staff.corrections.exported', detail: { staffId, lines } });
}

/** How many corrected entries the given classifier (the current model) now gets right. */
export async function correctedAccuracy(
  db: Database,
  classify: (text: string, language: string) => string,
): Promise<{ corrected: number; right: number }> {
  const lines = await correctionLines(db);
  let right = 0;
  for (const { language, line } of lines) if (classify(line.text, language) === line.intent) right += 1;
  return { corrected: lines.length, right };
}

/** listLog as a page calls it: it opens the database itself (decision 077). */
export const listLogForPage = withDatabase(listLog);

/** loggedVariants as a page calls it: it opens the database itself (decision 077). */
export const loggedVariantsForPage = withDatabase(loggedVariants);

/** flaggedCount as a page calls it: it opens the database itself (decision 077). */
export const flaggedCountForPage = withDatabase(flaggedCount);

/** purgeFlagged as a page calls it: it opens the database itself (decision 077). */
export const purgeFlaggedForPage = withDatabase(purgeFlagged);

/** deskFigures as a page calls it: it opens the database itself (decision 077). */
export const deskFiguresForPage = withDatabase(deskFigures);

/** correctionLines as a page calls it: it opens the database itself (decision 077). */
export const correctionLinesForPage = withDatabase(correctionLines);

/** getEntry as a page calls it: it opens the database itself (decision 077). */
export const getEntryForPage = withDatabase(getEntry);

/** correctEntry as a page calls it: it opens the database itself (decision 077). */
export const correctEntryForPage = withDatabase(correctEntry);

/** auditExport as a page calls it: it opens the database itself (decision 077). */
export const auditExportForPage = withDatabase(auditExport);

/** correctedAccuracy as a page calls it: it opens the database itself (decision 077). */
export const correctedAccuracyForPage = withDatabase(correctedAccuracy);
