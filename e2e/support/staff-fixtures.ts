/**
 * Browser-test data of the review desk (e2e/staff.spec.ts), written by the e2e web server after
 * the demo seed: a reviewer made by the staff:create command's own code (the embedded database
 * has one opener, the running server, so the command cannot run beside it), whose printed JSON
 * line is kept in the run's data folder for the journey; and assistant turns recorded through
 * recordTurn, the chat pane's door, so the log has more than the journey's own message (which the
 * journey writes in the pane itself, with an IBAN, a name and an e-mail address).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { recordOutcome, recordTurn } from '../../server/assistant/intent-log.ts';
import type { Database } from '../../server/db/client.ts';
import { intentLog } from '../../server/db/schema.ts';
import { staffCreate } from '../../server/staff/cli.ts';

export const e2eReviewerFile = 'staff-reviewer.json';

export const e2eTurns = [
  {
    text: 'bitte buchen Sie die Rate jetzt ab',
    intent: 'pay_now',
    confidence: 0.62,
    outcome: 'linkOffered',
  },
  { text: 'wie hoch ist meine restschuld noch', intent: 'claim_balance', confidence: 0.94, outcome: 'answered' },
  { text: 'ich will mit einem menschen reden', intent: 'callback', confidence: 0.41, outcome: 'handedToPerson' },
  { text: 'can I pay 40 a month from the 1st', intent: 'pay_instalments', confidence: 0.88, outcome: 'linkFollowed' },
  { text: 'wie wird das wetter morgen', intent: 'out_of_scope', confidence: 0.35, outcome: 'clarified' },
] as const;

export async function applyStaffFixtures(db: Database, dataDir: string): Promise<void> {
  const created = await staffCreate(db, ['--email', 'e2e.reviewer@agency.example', '--role', 'reviewer']);
  if (created.code === 0) writeFileSync(path.join(dataDir, e2eReviewerFile), created.line);
  const admin = await staffCreate(db, ['--email', 'e2e.admin@agency.example', '--role', 'admin']);
  if (admin.code === 0) writeFileSync(path.join(dataDir, 'staff-admin.json'), admin.line);
  // The privacy journey's reviewer (issue 27), and one entry as an older anonymiser stored it,
  // with a name and a birth date left in clear: the desk masks it, flags it and deletes it.
  const privacy = await staffCreate(db, ['--email', 'e2e.privacy@agency.example', '--role', 'reviewer']);
  if (privacy.code === 0) writeFileSync(path.join(dataDir, 'staff-privacy.json'), privacy.line);
  await db.insert(intentLog).values({
    variant: 'serviceportal',
    language: 'de',
    anonymisedText: 'Kontoinhaberin ist Gerlinde Pfannenstiel, geboren am 14.07.1961',
    intentId: 'update_profile',
    confidence: 810,
    engine: 'embedded',
  });
  for (const [index, turn] of e2eTurns.entries()) {
    const { turnId } = await recordTurn(db, {
      conversationId: `e2e-${index}`,
      variant: 'serviceportal',
      language: turn.text.startsWith('can') ? 'en' : 'de',
      text: turn.text,
      intent: turn.intent,
      confidence: turn.confidence,
      engine: 'embedded',
      outcome: 'answered',
      latencyMs: 12 + index,
    });
    await recordOutcome(db, turnId, turn.outcome);
  }
}
