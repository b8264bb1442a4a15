/**
 * Pages as Remix renders them (tests/helpers/remix-app.ts), for what the W3C Nu checker found
 * (scripts/check-html.ts, issue 25): the streamed document ends with `</body></html>` after its
 * scripts; hidden inputs carry no constraints; a select that starts with a real choice is not
 * `required`; a figure's caption is its last child. The full check with the checker itself is
 * e2e/nu-html.spec.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { recordTurn } from '#server/assistant/intent-log.ts';
import { createStaffAccount } from '#server/staff/accounts.ts';
import { createStaffSession } from '#server/staff/sessions.ts';
import { remixHandler } from '../helpers/remix-app.ts';
import { demoFiles, formRequest, getRequest, origin, useRouteDatabase } from '../helpers/routes.ts';

const database = useRouteDatabase();
const { cookieFor } = demoFiles(database);
let staffCookie: string;

beforeAll(async () => {
  const created = await createStaffAccount(
    database.db,
    { email: 'charts@agency.example', role: 'reviewer', password: 'correct horse battery' },
    { fastHash: true },
  );
  if (!created.ok) throw new Error('staff account not created');
  staffCookie = (await createStaffSession(database.db, created.account.id, 'full')).cookie.split(';')[0]!;
  await recordTurn(database.db, {
    conversationId: 'valid-html',
    variant: 'serviceportal',
    language: 'de',
    text: 'kann ich in Raten zahlen',
    intent: 'pay_instalments',
    confidence: 0.8,
    engine: 'embedded',
  });
});

async function page(path: string, cookie?: string): Promise<string> {
  const handle = await remixHandler();
  const response = await handle(getRequest(path, cookie ? { Cookie: cookie } : {}));
  expect(response.status, path).toBe(200);
  return response.text();
}

describe('the streamed document', () => {
  it.each([
    ['a public page', '/serviceportal/legal-notice', false],
    ['a debtor’s dashboard', '/serviceportal/dashboard', true],
  ])('%s ends with </body></html>, after the streamed scripts', async (_name, path, signedIn) => {
    const html = await page(path, signedIn ? await cookieFor('100000001') : undefined);
    expect(html).toContain('streamController.close()');
    expect(html.endsWith('</body></html>')).toBe(true);
    expect(html.indexOf('</body>')).toBe(html.length - '</body></html>'.length);
  });
});

describe('form controls', () => {
  it.each([
    '/serviceportal/signin',
    '/serviceportal/signin?action=AZonly',
    '/serviceportal-se/signin',
    '/staff/signin',
  ])('hidden inputs on %s carry no required, pattern or other constraint', async (path) => {
    const html = await page(path);
    const hidden = [...html.matchAll(/<input\b[^>]*type="hidden"[^>]*>/g)].map((m) => m[0]);
    expect(hidden.length).toBeGreaterThan(0);
    for (const input of hidden) expect(input).not.toMatch(/\s(required|pattern|minlength|maxlength|min|max|step)=/);
  });

  it('the profile’s country list, which starts with a country, is not `required` and still reads as required', async () => {
    const html = await page('/serviceportal/debtor/profile?edit=true', await cookieFor('100000001'));
    const select = /<select\b[^>]*name="country"[^>]*>/.exec(html)?.[0];
    expect(select).toBeDefined();
    expect(select).not.toMatch(/\srequired=/);
    expect(html).toMatch(/<select\b[^>]*name="country"[^>]*><option value="DE"/);
    const label = /<label\b[^>]*for="([^"]+)"[^>]*>((?:(?!<\/label>).)*)<\/label>/g;
    const id = /\sid="([^"]+)"/.exec(select!)?.[1];
    const countryLabel = [...html.matchAll(label)].find((m) => m[1] === id)?.[2];
    expect(countryLabel).toBeDefined();
    expect(countryLabel).not.toContain('optional');
  });
});

describe('the error summary', () => {
  it('names no plain div (aria-labelledby is not allowed there); its heading is inside the alert', async () => {
    const handle = await remixHandler();
    const response = await handle(formRequest('/serviceportal/signin', { mode: 'password' }, { Host: 'portal.test' }));
    expect(response.status).toBe(400);
    const html = await response.text();
    const summary = /<div class="error-summary"[^>]*>/.exec(html)?.[0];
    expect(summary).toBeDefined();
    expect(summary).not.toContain('aria-label');
    expect(html).toMatch(/<div class="error-summary"[^>]*><div role="alert"><h2\b/);
  });
});

describe('the staff charts', () => {
  it('end each figure with its caption, which holds the summary and the table', async () => {
    const html = await page('/staff/charts', staffCookie);
    const figures = [...html.matchAll(/<figure\b[^>]*>((?:(?!<\/figure>).)*)<\/figure>/gs)].map((m) => m[1]!);
    expect(figures.length).toBeGreaterThan(0);
    for (const figure of figures) {
      expect(figure).toMatch(/<figcaption>.*<details\b.*<\/details><\/figcaption>$/s);
      expect(figure.match(/<figcaption/g)).toHaveLength(1);
    }
  });
});

describe('the announce-payment steps', () => {
  it('render as documents, each with its own fields (a step that cannot render fails here, not only in a browser)', async () => {
    const handle = await remixHandler();
    const cookie = await cookieFor('100000001');
    const post = async (fields: Record<string, string>) => {
      const response = await handle(
        formRequest('/serviceportal/announce-payment', fields, { Cookie: cookie, Host: new URL(origin).host }),
      );
      expect(response.status).toBe(200);
      return response.text();
    };
    const payment = await post({ intent: '10', payee: 'agency' });
    expect(payment).toContain('name="paidOn"');
    const receipts = await post({
      intent: '20',
      payee: 'agency',
      payeeName: 'Clarus Inkasso GmbH',
      payerName: 'Anna Schneider',
      amount: '80,00',
      paidOn: '2026-11-20',
    });
    expect(receipts).toContain('type="file"');
  });
});
