/**
 * A page as Remix renders it (tests/helpers/remix-app.ts): the scripts that stream the loader data
 * after the shell come before `</body></html>`, which ends the document (nothing after `</html>`,
 * where a conforming parser such as the W3C Nu checker stops: scripts/check-html.ts).
 */
import { describe, expect, it } from 'vitest';
import { remixHandler } from '../helpers/remix-app.ts';
import { demoFiles, getRequest, useRouteDatabase } from '../helpers/routes.ts';

const database = useRouteDatabase();
const { cookieFor } = demoFiles(database);

describe('the streamed document', () => {
  it.each([
    ['a public page', '/serviceportal/legal-notice', false],
    ['a debtor’s dashboard', '/serviceportal/dashboard', true],
  ])('%s ends with </body></html>, after the streamed scripts', async (_name, path, signedIn) => {
    const handle = await remixHandler();
    const headers: Record<string, string> = signedIn ? { Cookie: await cookieFor('100000001') } : {};
    const response = await handle(getRequest(path, headers));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('streamController.close()');
    expect(html.endsWith('</body></html>')).toBe(true);
    expect(html.indexOf('</body>')).toBe(html.length - '</body></html>'.length);
  });
});
