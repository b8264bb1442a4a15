/**
 * The review desk's doors (issue 15): visitors and debtors are sent to the staff sign-in, a
 * reviewer is refused the admin page, a staff session opens no debtor page; sign-in with password
 * and TOTP through the routes, the lock-out, a correction and the export download.
 */
import type { ActionFunction, LoaderFunction } from '@remix-run/node';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordTurn } from '#server/assistant/intent-log.ts';
import * as t from '#server/db/schema.ts';
import { languages } from '#server/i18n/languages.ts';
import { createStaffAccount, type NewStaffAccount } from '#server/staff/accounts.ts';
import { createStaffSession } from '#server/staff/sessions.ts';
import { currentTotp } from '#server/staff/totp.ts';
import * as accounts from '~/routes/staff.accounts';
import * as code from '~/routes/staff.code';
import * as entry from '~/routes/staff.entries.$id';
import * as exportRoute from '~/routes/staff.export.$lang';
import * as frame from '~/routes/staff';
import * as languageSwitch from '~/routes/staff.language';
import * as log from '~/routes/staff._index';
import * as signin from '~/routes/staff.signin';
import {
  context,
  demoFiles,
  formRequest,
  getRequest,
  run,
  sessionCookieFrom,
  useRouteDatabase,
} from '../helpers/routes.ts';

type RouteModule = { loader?: LoaderFunction; action?: ActionFunction };
const modules = import.meta.glob<RouteModule>('../../app/routes/*.tsx', { eager: true });
const routeId = (file: string) => file.replace(/^.*\/routes\//, '').replace(/\.tsx$/, '');
/** The frame, the sign-in page and the language switch are open; every other staff route is guarded. */
const openStaffRoutes = new Set(['staff', 'staff.signin', 'staff.language']);
const staffRoutes = Object.entries(modules).filter(
  ([file]) => /^staff\./.test(routeId(file)) && !openStaffRoutes.has(routeId(file)),
);

const database = useRouteDatabase();
const files = demoFiles(database);
let reviewer: NewStaffAccount;
let admin: NewStaffAccount;
let reviewerCookie: string;
let adminCookie: string;
let turnId: number;

const cookieOf = (setCookie: string) => setCookie.split(';')[0]!;

beforeAll(async () => {
  const make = async (email: string, role: 'reviewer' | 'admin') => {
    const result = await createStaffAccount(
      database.db,
      { email, role, password: 'correct horse battery' },
      { fastHash: true },
    );
    if (!result.ok) throw new Error('staff account not created');
    return result.account;
  };
  reviewer = await make('reviewer@agency.example', 'reviewer');
  admin = await make('admin@agency.example', 'admin');
  reviewerCookie = cookieOf((await createStaffSession(database.db, reviewer.id, 'full')).cookie);
  adminCookie = cookieOf((await createStaffSession(database.db, admin.id, 'full')).cookie);
  ({ turnId } = await recordTurn(database.db, {
    conversationId: 'route-test',
    variant: 'serviceportal',
    language: 'de',
    text: 'Meine IBAN ist DE89 3704 0044 0532 0130 00, kann ich in Raten zahlen?',
    intent: 'pay_now',
    confidence: 0.6,
    engine: 'embedded',
  }));
});

async function callAll(id: string, module: RouteModule, headers: Record<string, string>) {
  const params = { id: String(turnId), lang: 'de' };
  const results: Array<{ kind: string; status: number; location: string | null }> = [];
  for (const [kind, fn] of [
    ['loader', module.loader],
    ['action', module.action],
  ] as const) {
    if (!fn) continue;
    const path = `/${id
      .replace(/\./g, '/')
      .replace(/\$id/, String(turnId))
      .replace(/\$lang/, 'de')
      .replace(/\/_index$/, '')}`;
    const request = kind === 'loader' ? getRequest(path, headers) : formRequest(path, { intent: 'x' }, headers);
    const result = await run(fn as never, request, params);
    results.push({ kind, status: result.status, location: result.headers.get('Location') });
  }
  return results;
}

describe('who reaches the review desk', () => {
  it('knows the staff routes', () => {
    expect(staffRoutes.map(([file]) => routeId(file))).toEqual(
      expect.arrayContaining(['staff._index', 'staff.accounts', 'staff.entries.$id', 'staff.export.$lang']),
    );
  });

  it.each(staffRoutes.map(([file, module]) => [routeId(file), module] as const))(
    '%s sends visitors and debtors to the staff sign-in',
    async (id, module) => {
      const debtorCookie = await files.cookieFor('100000001');
      for (const headers of [{}, { Cookie: debtorCookie }] as Array<Record<string, string>>) {
        for (const result of await callAll(id, module, headers)) {
          expect(result.status, `${id} ${result.kind}`).toBe(302);
          expect(result.location, `${id} ${result.kind}`).toMatch(/^\/staff\/signin/);
        }
      }
    },
  );

  it('refuses a reviewer the admin page, and lets an admin in', async () => {
    const asReviewer = { Cookie: reviewerCookie };
    expect((await run(accounts.loader, getRequest('/staff/accounts', asReviewer), {})).status).toBe(403);
    const post = formRequest(
      '/staff/accounts',
      { intent: 'create', email: 'sneaky@agency.example', role: 'admin' },
      asReviewer,
    );
    expect((await run(accounts.action, post, {})).status).toBe(403);
    const [sneaky] = await database.db
      .select()
      .from(t.staffAccounts)
      .where(eq(t.staffAccounts.email, 'sneaky@agency.example'));
    expect(sneaky).toBeUndefined();

    const asAdmin = await run(accounts.loader, getRequest('/staff/accounts', { Cookie: adminCookie }), {});
    expect(asAdmin.status).toBe(200);
    expect((asAdmin.data as { accounts: Array<{ email: string }> }).accounts.map((a) => a.email)).toContain(
      'reviewer@agency.example',
    );
    // The reviewer's log page is open to both.
    expect((await run(log.loader, getRequest('/staff', asReviewer), {})).status).toBe(200);
  });

  it('opens no debtor page to a staff session', async () => {
    const debtorRoutes = Object.entries(modules).filter(([file]) =>
      ['$portal.dashboard', '$portal.claim-information', '$portal.debtor.profile', '$portal.upload-center'].includes(
        routeId(file),
      ),
    );
    expect(debtorRoutes).toHaveLength(4);
    for (const [file, module] of debtorRoutes) {
      const path = `/serviceportal/${routeId(file).replace('$portal.', '').replace(/\./g, '/')}`;
      const result = await run(module.loader as never, getRequest(path, { Cookie: adminCookie }), {
        portal: 'serviceportal',
      });
      expect(result.status, routeId(file)).toBe(302);
      expect(result.headers.get('Location'), routeId(file)).toMatch(/^\/serviceportal\/signin/);
    }
  });
});

describe('the desk in seven languages', () => {
  const logTitles = {
    de: 'Protokoll der Anfragen – Prüfpult',
    en: 'Log of questions – Review desk',
    es: 'Registro de consultas – Panel de revisión',
    fr: 'Journal des demandes – Console de révision',
    it: 'Registro delle richieste – Console di revisione',
    tr: 'Talep kayıtları – İnceleme paneli',
    sv: 'Logg över frågor – Granskningspanel',
  } as const;

  it.each([...languages])('switches to %s through the header and shows the log in it', async (language) => {
    const switched = await run(
      languageSwitch.action,
      formRequest('/staff/language', { hl: language, returnTo: '/staff?page=2' }, { Cookie: reviewerCookie }),
      {},
    );
    expect(switched.status).toBe(302);
    expect(switched.headers.get('Location')).toBe('/staff?page=2');
    const languageCookie = cookieOf(switched.headers.get('Set-Cookie') ?? '');
    expect(languageCookie).toMatch(new RegExp(`=${language}$`));

    const page = await run(log.loader, getRequest('/staff', { Cookie: `${reviewerCookie}; ${languageCookie}` }), {});
    expect(page.status).toBe(200);
    expect((page.data as { title: string }).title).toBe(logTitles[language]);
    expect((page.data as { locale: string }).locale.slice(0, 2)).toBe(language);
  });

  it('takes the language from the browser when nothing was chosen, German when it offers none of the seven', async () => {
    const frameLanguage = async (acceptLanguage: string) =>
      (
        (await run(frame.loader, getRequest('/staff/signin', { 'Accept-Language': acceptLanguage }), {})).data as {
          language: string;
        }
      ).language;
    expect(await frameLanguage('sv-SE,sv;q=0.9,en;q=0.5')).toBe('sv');
    expect(await frameLanguage('tr-TR')).toBe('tr');
    expect(await frameLanguage('ja-JP,pl;q=0.8')).toBe('de');
  });

  it('ignores a language the portal does not have, and sets no cookie', async () => {
    const result = await run(
      languageSwitch.action,
      formRequest('/staff/language', { hl: 'ja', returnTo: '/staff' }, { Cookie: reviewerCookie }),
      {},
    );
    expect(result.status).toBe(302);
    expect(result.headers.get('Location')).toBe('/staff');
    expect(result.headers.get('Set-Cookie')).toBeNull();
  });
});

describe('staff sign-in through the pages', () => {
  it('takes the password, then the TOTP code, and gives a session that opens the log', async () => {
    const first = await run(
      signin.action,
      formRequest('/staff/signin', { email: 'reviewer@agency.example', password: 'correct horse battery' }),
      {},
    );
    expect(first.status).toBe(302);
    expect(first.headers.get('Location')).toMatch(/^\/staff\/code/);
    const half = sessionCookieFrom(first.headers);
    // Half signed in: the log is still closed.
    expect((await run(log.loader, getRequest('/staff', { Cookie: half }), {})).status).toBe(302);
    // The first sign-in shows the enrolment QR code.
    const page = await run(code.loader, getRequest('/staff/code', { Cookie: half }), {});
    expect((page.data as { enrolment: { qr: string; secret: string } }).enrolment).toMatchObject({
      qr: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
      secret: reviewer.totpSecret,
    });
    const wrong = await run(code.action, formRequest('/staff/code', { code: '000000' }, { Cookie: half }), {});
    expect(wrong.status).toBe(401);
    const right = await run(
      code.action,
      formRequest('/staff/code', { code: currentTotp(reviewer.totpSecret) }, { Cookie: half }),
      {},
    );
    expect(right.status).toBe(302);
    expect(right.headers.get('Location')).toBe('/staff');
    const full = sessionCookieFrom(right.headers);
    expect((await run(log.loader, getRequest('/staff', { Cookie: full }), {})).status).toBe(200);
  });

  it('locks out after five wrong passwords with 429 and Retry-After', async () => {
    const attempt = (password: string) =>
      run(
        signin.action,
        formRequest('/staff/signin', { email: 'admin@agency.example', password }),
        {},
        context('198.51.100.77'),
      );
    for (let i = 0; i < 5; i += 1) expect((await attempt('not the password')).status).toBe(401);
    const locked = await attempt('correct horse battery');
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('Retry-After'))).toBeGreaterThan(0);
  });
});

describe('corrections through the pages', () => {
  it('saves a correction and downloads it as JSON Lines', async () => {
    const saved = await run(
      entry.action,
      formRequest(`/staff/entries/${turnId}`, { intent: 'pay_instalments', rate: '50' }, { Cookie: reviewerCookie }),
      { id: String(turnId) },
    );
    expect(saved.status).toBe(302);
    const [row] = await database.db.select().from(t.intentLog).where(eq(t.intentLog.id, turnId));
    expect(row).toMatchObject({
      correctedIntent: 'pay_instalments',
      correctedSlots: { rate: '50' },
      correctedBy: reviewer.id,
    });
    const audited = await database.db.select().from(t.auditLog).where(eq(t.auditLog.action, 'staff.log.corrected'));
    expect(audited).toHaveLength(1);

    const download = await run(exportRoute.loader, getRequest('/staff/export/de', { Cookie: reviewerCookie }), {
      lang: 'de',
    });
    expect(download.headers.get('Content-Disposition')).toBe('attachment; filename="de.jsonl"');
    const body = await download.response!.text();
    expect(body.endsWith('\n')).toBe(true);
    expect(JSON.parse(body.trim())).toEqual({
      text: 'Meine IBAN ist [IBAN], kann ich in Raten zahlen?',
      intent: 'pay_instalments',
      today: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      href: '/checkout/pay-installments?rate=50',
    });
    // An unknown language is a 404, never a 500.
    expect(
      (await run(exportRoute.loader, getRequest('/staff/export/xx', { Cookie: reviewerCookie }), { lang: 'xx' }))
        .status,
    ).toBe(404);
  });
});

describe('the second line of defence (issue 27)', () => {
  it('masks a logged text that still holds personal data, flags it, and deletes flagged entries on request', async () => {
    // A row as an older anonymiser stored it: the password and a relative's name in clear.
    const [leaked] = await database.db
      .insert(t.intentLog)
      .values({
        variant: 'serviceportal',
        language: 'de',
        anonymisedText: 'Mein Passwort ist Demo-Pass1, mein Vater Horst Engelmann zahlt',
        intentId: 'change_password',
        confidence: 700,
        engine: 'embedded',
      })
      .returning({ id: t.intentLog.id });
    const page = await run(log.loader, getRequest('/staff', { Cookie: reviewerCookie }), {});
    const data = page.data as { entries: Array<{ id: number; text: string; flagged: boolean }>; flagged: number };
    const shown = data.entries.find((e) => e.id === leaked!.id)!;
    expect(shown.text).toBe('Mein Passwort ist [PASSWORD], mein Vater [NAME] zahlt');
    expect(shown.flagged).toBe(true);
    expect(data.flagged).toBeGreaterThanOrEqual(1);
    // The stored text is masked at once, and the entry waits for deletion.
    const [stored] = await database.db.select().from(t.intentLog).where(eq(t.intentLog.id, leaked!.id));
    expect(stored!.anonymisedText).not.toContain('Demo-Pass1');
    expect(stored!.anonymisedText).not.toContain('Engelmann');
    expect(stored!.piiFlaggedAt).not.toBeNull();
    // A clean entry is neither changed nor flagged.
    expect(data.entries.find((e) => e.id === turnId)?.flagged).toBe(false);

    const purged = await run(
      log.action,
      formRequest('/staff', { intent: 'purgeFlagged' }, { Cookie: reviewerCookie }),
      {},
    );
    expect(purged.status).toBe(302);
    expect(purged.headers.get('Location')).toMatch(/^\/staff\?purged=[1-9]/);
    expect(await database.db.select().from(t.intentLog).where(eq(t.intentLog.id, leaked!.id))).toEqual([]);
    expect(await database.db.select().from(t.intentLog).where(eq(t.intentLog.id, turnId))).toHaveLength(1);
    const audited = await database.db.select().from(t.auditLog).where(eq(t.auditLog.action, 'staff.log.flaggedPurged'));
    expect(audited).toHaveLength(1);
  });
});
