// @vitest-environment jsdom
/**
 * The footer's and the header's kept HTML (decisions 125 and 126) against the parts rendered in the
 * document: the same markup for every variant, language and login level (the header also on every
 * page its menu marks, and with addresses that need escaping), and a hydration in the browser that
 * meets exactly the elements the components render.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { staticallyRouted } from '../../tests/statically-routed.tsx';
import type { AuthLevel } from '#server/auth/session.ts';
import type { Language } from '#server/i18n/languages.ts';
import { variants } from '#server/variants/config.ts';
import { Footer, footerKey } from '~/components/shell/Footer';
import { Header, headerKey, headerPartKey } from '~/components/shell/Header';
import { intlLocale } from '#server/i18n/negotiate.ts';
import { publicVariant } from '~/lib/variant';
import { renderingInstance } from '~/i18next.server';
import { KeptHtmlProvider, type KeptHtml } from './kept-html';
import { keptHtmlFor } from './kept-html.server';

const levels: AuthLevel[] = ['none', 'limited', 'full'];
const home = { pathname: '/serviceportal', search: '' };
const cases = Object.values(variants).flatMap((variant) =>
  variant.languages.flatMap((language) => levels.map((auth) => ({ variant: publicVariant(variant), language, auth }))),
);

describe('the kept footer', () => {
  it.each(cases)(
    'is the footer the document renders: $variant.id, $language, $auth',
    async ({ variant, language, auth }) => {
      const instance = await renderingInstance(language);
      const locale = intlLocale(language, variant);
      const props = { variant, locale, auth };
      const rendered = renderToString(
        <I18nextProvider i18n={instance}>
          <Footer {...props} />
        </I18nextProvider>,
      );
      const kept = keptHtmlFor(instance, { variant, language, locale, auth: { level: auth, idleMsLeft: null } }, home);
      expect(kept.footer?.key).toBe(footerKey(language, props));
      const fromKept = renderToString(
        <I18nextProvider i18n={instance}>
          <KeptHtmlProvider value={kept}>
            <Footer {...props} />
          </KeptHtmlProvider>
        </I18nextProvider>,
      );
      expect(fromKept).toBe(rendered);
      expect(rendered).toContain(variant.legal.name);
    },
  );

  it('is used only for the key it was rendered for', async () => {
    const instance = await renderingInstance('de');
    const variant = publicVariant(variants.de);
    const props = { variant, locale: 'de-DE', auth: 'full' as const };
    const marked = { footer: { key: footerKey('de', props), html: '<p>kept</p>' } };
    const render = (auth: AuthLevel) =>
      renderToString(
        <I18nextProvider i18n={instance}>
          <KeptHtmlProvider value={marked}>
            <Footer {...props} auth={auth} />
          </KeptHtmlProvider>
        </I18nextProvider>,
      );
    expect(render('full')).toBe('<footer class="site-footer"><p>kept</p></footer>');
    expect(render('none')).not.toContain('kept');
  });

  it('hydrates in the browser without a difference React would have to repair', async () => {
    for (const language of ['de', 'fr', 'sv'] as const) {
      const variant = publicVariant(language === 'sv' ? variants.se : language === 'fr' ? variants.ch : variants.de);
      const instance = await renderingInstance(language);
      const props = { variant, locale: intlLocale(language, variant), auth: 'none' as const };
      const kept = keptHtmlFor(
        instance,
        { variant, language, locale: props.locale, auth: { level: 'none', idleMsLeft: null } },
        home,
      );
      const container = document.createElement('div');
      container.innerHTML = renderToString(
        <I18nextProvider i18n={instance}>
          <KeptHtmlProvider value={kept}>
            <Footer {...props} />
          </KeptHtmlProvider>
        </I18nextProvider>,
      );
      const before = container.innerHTML;
      const errors: unknown[] = [];
      const root = await act(async () =>
        hydrateRoot(
          container,
          <I18nextProvider i18n={instance}>
            <Footer {...props} />
          </I18nextProvider>,
          { onRecoverableError: (error) => errors.push(error) },
        ),
      );
      expect(errors).toEqual([]);
      expect(container.innerHTML).toBe(before);
      await act(async () => root.unmount());
    }
  });
});

type HeaderCase = { variant: ReturnType<typeof publicVariant>; language: Language; auth: AuthLevel };

/** Pages of a variant: home, each menu item's page (and one below it), and addresses to escape. */
const pages = (basePath: string) => [
  `${basePath}`,
  `${basePath}/dashboard`,
  `${basePath}/claim-information`,
  `${basePath}/service/faq?q=rate`,
  `${basePath}/debtor/profile/password`,
  `${basePath}/signin?returnTo=${encodeURIComponent(`${basePath}/debtor/profile`)}`,
  `${basePath}/legal-notice?a="<b>"&c='d'&e=$&f=$1&g=%E2%82%AC`,
];

const headerCases = Object.values(variants).flatMap((variant) =>
  variant.languages.flatMap((language) => levels.map((auth) => ({ variant: publicVariant(variant), language, auth }))),
);

/** The header of `root` at `path`, routed as on the server, with the kept parts for that page. */
async function header(path: string, props: HeaderCase, kept: KeptHtml | null) {
  const instance = await renderingInstance(props.language);
  const element = (
    <I18nextProvider i18n={instance}>
      <KeptHtmlProvider value={kept}>
        <Header {...props} />
      </KeptHtmlProvider>
    </I18nextProvider>
  );
  return renderToString(await staticallyRouted(element, path));
}

function keptAt(instance: Awaited<ReturnType<typeof renderingInstance>>, props: HeaderCase, path: string): KeptHtml {
  const url = new URL(path, 'http://localhost');
  return keptHtmlFor(
    instance,
    {
      ...props,
      locale: intlLocale(props.language, props.variant),
      auth: { level: props.auth, idleMsLeft: null },
    },
    // As the static handler's location holds it: the path and the query as the browser sent them.
    { pathname: url.pathname, search: url.search },
  );
}

describe('the kept header', () => {
  it.each(headerCases)(
    'is the header the document renders on every page: $variant.id, $language, $auth',
    async (props) => {
      const instance = await renderingInstance(props.language);
      for (const path of pages(props.variant.basePath)) {
        const kept = keptAt(instance, props, path);
        expect(kept.header, path).toBeDefined();
        expect(await header(path, props, kept), path).toBe(await header(path, props, null));
        // …and the header takes it: keptHtmlFor's key is the one the header asks for at that page.
        const marked = { header: { key: kept.header!.key, html: '<p>kept</p>' } };
        expect(await header(path, props, marked), path).toContain('<p>kept</p>');
      }
    },
  );

  it('marks the page’s menu item and writes the address it returns to', async () => {
    const variant = publicVariant(variants.de);
    const props: HeaderCase = { variant, language: 'de', auth: 'full' };
    const instance = await renderingInstance('de');
    const path = '/serviceportal/claim-information?file=2&x="y"';
    const kept = keptAt(instance, props, path);
    expect(kept.header?.html).toContain('aria-current="page" class="active" href="/serviceportal/claim-information"');
    expect(kept.header?.html).toContain('value="/serviceportal/claim-information?file=2&amp;x=%22y%22"');
    // The same page with another query: the same kept HTML with its own address.
    const other = keptAt(instance, props, '/serviceportal/claim-information');
    expect(other.header?.key).not.toBe(kept.header?.key);
    expect(other.header?.key.split('|').slice(0, -1)).toEqual(kept.header?.key.split('|').slice(0, -1));
    expect(headerKey('de', props, '/serviceportal/dashboard')).not.toBe(
      headerKey('de', props, '/serviceportal/service'),
    );
    expect(headerKey('de', props, '/serviceportal/legal-notice')).toBe(
      headerKey('de', props, '/serviceportal/privacy'),
    );
  });

  it('is used only for the key it was rendered for', async () => {
    const variant = publicVariant(variants.de);
    const props: HeaderCase = { variant, language: 'de', auth: 'full' };
    const path = '/serviceportal/dashboard';
    const marked = { header: { key: headerPartKey(headerKey('de', props, path), path), html: '<p>kept</p>' } };
    expect(await header(path, props, marked)).toBe('<header class="site-header"><p>kept</p></header>');
    expect(await header(`${path}?x=1`, props, marked)).not.toContain('kept');
    expect(await header('/serviceportal/service', props, marked)).not.toContain('kept');
    expect(await header(path, { ...props, auth: 'limited' }, marked)).not.toContain('kept');
  });

  it('hydrates in the browser without a difference React would have to repair', async () => {
    for (const [language, variant, auth, page] of [
      ['de', variants.de, 'full', '/dashboard?x="<y>"&z=$&'],
      ['fr', variants.ch, 'none', '/service/faq'],
      ['sv', variants.se, 'limited', '/legal-notice'],
    ] as const) {
      const props = { variant: publicVariant(variant), language, auth };
      const instance = await renderingInstance(language);
      // The address as the browser's location holds it (the query's quotes and brackets encoded).
      const url = new URL(`${props.variant.basePath}${page}`, 'http://localhost');
      const path_ = `${url.pathname}${url.search}`;
      const kept = keptAt(instance, props, path_);
      const container = document.createElement('div');
      container.innerHTML = await header(path_, props, kept);
      const before = container.innerHTML;
      const errors: unknown[] = [];
      const router = createMemoryRouter(
        [
          {
            path: '*',
            element: (
              <I18nextProvider i18n={instance}>
                <Header {...props} />
              </I18nextProvider>
            ),
          },
        ],
        { initialEntries: [path_] },
      );
      const root = await act(async () =>
        hydrateRoot(container, <RouterProvider router={router} />, {
          onRecoverableError: (error) => errors.push(error),
        }),
      );
      expect(errors).toEqual([]);
      expect(container.innerHTML).toBe(before);
      await act(async () => root.unmount());
    }
  });
});
