/**
 * Every text the debtor's and the public pages show is kept (app/lib/kept-translations.server.ts):
 * once a page has been rendered in a language, its next render asks i18next itself for none. A call
 * that cannot be kept (a value that is neither a string nor a number, a count, an option i18next
 * reads) goes to i18next on every view; session 34 found two such calls on the claim information
 * (a cost's legal basis with its default, an unused boolean in the interest text), 1–2.4 % of that
 * page's CPU each (issue 28). Pages are rendered through the whole app, signed in as a demo file.
 */
import type { i18n as I18n } from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { renderingInstance } from '~/i18next.server';
import { remixHandler } from '../helpers/remix-app.ts';
import { demoFiles, getRequest, useRouteDatabase } from '../helpers/routes.ts';

const database = useRouteDatabase();
const { cookieFor } = demoFiles(database);

/** i18next's translator, which every translation goes through (not in its public types). */
const translator = (i18n: I18n) =>
  (i18n as unknown as { translator: { translate: (key: unknown) => unknown } }).translator;

const pages = [
  '/serviceportal',
  '/serviceportal/legal-notice',
  '/serviceportal/service/faq',
  '/serviceportal/dashboard',
  '/serviceportal/claim-information',
  '/serviceportal/service',
  '/serviceportal/checkout/pay-installments',
  '/serviceportal/checkout/pay-installments?step=date&monthly=5000',
  '/serviceportal/checkout/pay-direct',
  '/serviceportal/debtor/profile',
];

describe('the pages’ texts', () => {
  it.each(['de', 'en', 'tr'])('are all kept after a first view (%s)', async (language) => {
    const handle = await remixHandler();
    // An open file and one with a plan running: the dashboard and the claim show different parts.
    for (const refno of ['100000001', '100000002']) {
      const cookie = await cookieFor(refno);
      const view = async () => {
        for (const path of pages) {
          const response = await handle(getRequest(path, { Cookie: cookie, 'Accept-Language': language }));
          expect(response.status, `${refno} ${path}`).toBeLessThan(400);
          if (response.status === 200)
            expect(await response.text(), `${refno} ${path}`).toContain(`lang="${language}"`);
        }
      };
      await view();
      const translate = vi.spyOn(translator(await renderingInstance(language)), 'translate');
      await view();
      expect(translate.mock.calls.map(([key]) => key)).toEqual([]);
      translate.mockRestore();
    }
  });
});
