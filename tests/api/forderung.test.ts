/**
 * The Forderung calls (issue 17) against the demo files: each answers what the dashboard and the
 * claim information page show, checked against its published schema; another file's invoice is
 * not found; a reference-only token is refused where the page needs the full sign-in.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadClaimInformation } from '#server/claims/information.ts';
import { loadDashboard } from '#server/claims/dashboard.ts';
import * as t from '#server/db/schema.ts';
import { useRouteDatabase } from '../helpers/routes.ts';
import { apiCaller, demoSessions } from './claim-helpers.ts';
import { useDocumentFolder } from '../helpers/documents.ts';

const database = useRouteDatabase();
useDocumentFolder(database);
const call = apiCaller();
const { fileOf, sessionFor } = demoSessions(database);

type Money = { minor: number; currency: string };

describe('Forderung: the claim', () => {
  it('GetOffeneForderung answers the dashboard’s figures, with a reference-only token too', async () => {
    const session = await sessionFor('100000002', 'limited');
    const answer = await call('Forderung', 'GetOffeneForderung', { session });
    expect(answer.status).toBe(200);
    const view = (await loadDashboard(database.db, session.fileId))!;
    const body = answer.body as {
      openAmount: Money;
      amountToPay: { kind: string; amount: Money };
      nextInstalment: unknown;
    };
    expect(body.openAmount).toEqual({ minor: view.openAmountMinor, currency: 'EUR' });
    expect(body.amountToPay).toEqual({
      kind: view.amountToPay.kind,
      amount: { minor: view.amountToPay.amountMinor, currency: 'EUR' },
    });
    expect(body.nextInstalment).not.toBeNull();
  });

  it('GetForderungsstatus answers the status and the action flags', async () => {
    const session = await sessionFor('100000001', 'limited');
    const answer = await call('Forderung', 'GetForderungsstatus', { session });
    expect(answer.status).toBe(200);
    const body = answer.body as { status: { code: string }; flags: Record<string, boolean>; reference: string };
    expect(body).toMatchObject({ reference: '100000001', status: { code: '1' } });
    expect(body.flags.showPayDirect).toBe(true);
  });

  it('the Swiss file answers in its own currency', async () => {
    const answer = await call('Forderung', 'GetOffeneForderung', { session: await sessionFor('300000001', 'limited') });
    expect((answer.body as { openAmount: Money }).openAmount.currency).toBe('CHF');
  });

  it('GetForderungsaufstellung, GetForderungsinformation, GetRechnungen, GetDebtorJourney answer the claim information page', async () => {
    const session = await sessionFor('100000001');
    const info = (await loadClaimInformation(database.db, session.fileId))!;

    const statement = await call('Forderung', 'GetForderungsaufstellung', { session });
    expect(statement.status).toBe(200);
    expect((statement.body as { breakdown: { total: Money } }).breakdown.total).toEqual({
      minor: info.breakdown.totalMinor,
      currency: 'EUR',
    });

    const information = await call('Forderung', 'GetForderungsinformation', { session });
    expect(information.status).toBe(200);
    expect(information.body).toMatchObject({
      reference: '100000001',
      creditor: { name: info.creditor.name },
      hasInvoices: true,
    });

    const invoices = await call('Forderung', 'GetRechnungen', { session });
    expect(invoices.status).toBe(200);
    expect((invoices.body as { invoices: Array<{ id: number }> }).invoices.map((i) => i.id)).toEqual(
      info.invoices.map((i) => i.id),
    );

    const journey = await call('Forderung', 'GetDebtorJourney', { session });
    expect(journey.status).toBe(200);
    expect(journey.body).toMatchObject({ shown: true });
    expect((journey.body as { events: unknown[] }).events.length).toBe(info.events!.length);
  });

  it('GetDebtorJourney says when the agency does not show the history', async () => {
    const session = await sessionFor('100000002');
    await database.db.update(t.files).set({ showEventHistory: false }).where(eq(t.files.id, session.fileId));
    try {
      const journey = await call('Forderung', 'GetDebtorJourney', { session });
      expect(journey.body).toEqual({ shown: false, events: [] });
    } finally {
      await database.db.update(t.files).set({ showEventHistory: true }).where(eq(t.files.id, session.fileId));
    }
  });

  it('GetRechnungen/{invoiceId} sends the own invoice’s PDF; another file’s invoice is not found', async () => {
    const own = await sessionFor('100000001');
    const info = (await loadClaimInformation(database.db, own.fileId))!;
    const withDocument = info.invoices.find((i) => i.hasDocument)!;
    const path = '/api/Forderung/GetRechnungen/{invoiceId}';
    const answer = await call('Forderung', 'GetRechnungen', {
      session: own,
      path,
      params: { invoiceId: String(withDocument.id) },
    });
    expect(answer.status).toBe(200);
    const document = (answer.body as { document: { base64: string; mediaType: string } }).document;
    expect(Buffer.from(document.base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');

    const other = await sessionFor('100000002');
    const refused = await call('Forderung', 'GetRechnungen', {
      session: other,
      path,
      params: { invoiceId: String(withDocument.id) },
    });
    expect(refused.status).toBe(404);
    expect(JSON.stringify(refused.body)).not.toContain(withDocument.number);

    // The message is in the language asked for (hl).
    const english = await call('Forderung', 'GetRechnungen', {
      session: other,
      path,
      params: { invoiceId: String(withDocument.id) },
      language: 'en',
    });
    expect(english.problem).toMatchObject({ code: 'notInFile', title: 'We find nothing like that in your file.' });

    const nonsense = await call('Forderung', 'GetRechnungen', { session: own, path, params: { invoiceId: 'abc' } });
    expect(nonsense.status).toBe(400);
  });

  it('the claim information calls need the full sign-in; the dashboard’s do not', async () => {
    const limited = await sessionFor('100000001', 'limited');
    for (const name of ['GetRechnungen', 'GetForderungsaufstellung', 'GetForderungsinformation', 'GetDebtorJourney'])
      expect((await call('Forderung', name, { session: limited })).status, name).toBe(403);
    for (const name of ['GetOffeneForderung', 'GetForderungsstatus'])
      expect((await call('Forderung', name, { session: limited })).status, name).toBe(200);
    for (const name of ['GetOffeneForderung', 'GetRechnungen'])
      expect((await call('Forderung', name, { session: null })).status, name).toBe(401);
  });

  it('every answer is the token’s own file, never another’s', async () => {
    const a = await sessionFor('100000001');
    const b = await sessionFor('100000002');
    const fileB = await fileOf('100000002');
    for (const name of [
      'GetOffeneForderung',
      'GetForderungsstatus',
      'GetForderungsinformation',
      'GetForderungsaufstellung',
    ]) {
      const answer = await call('Forderung', name, { session: a });
      expect((answer.body as { reference: string }).reference, name).toBe('100000001');
      expect(JSON.stringify(answer.body)).not.toContain(fileB.refno);
    }
    expect(
      ((await call('Forderung', 'GetForderungsstatus', { session: b })).body as { reference: string }).reference,
    ).toBe('100000002');
  });
});
