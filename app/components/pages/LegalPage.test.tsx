// @vitest-environment jsdom
/**
 * A legal page's kept content (decision 128) against the content rendered in the document: the same
 * markup for every legal page, variant and language, used only for the key it was kept for, and a
 * hydration in the browser that meets exactly the elements the page renders. And which documents
 * keep their page's content at all (`keptPageIn`).
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
import type { EntryContext } from '@remix-run/node';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { intlLocale } from '#server/i18n/negotiate.ts';
import { variants } from '#server/variants/config.ts';
import { renderingInstance } from '~/i18next.server';
import { KeptHtmlProvider, type KeptHtml } from '~/lib/kept-html';
import { keptHtmlFor, keptPageIn } from '~/lib/kept-html.server';
import { legalPages, legalValues, type LegalPageKey } from '~/lib/legal.server';
import { publicVariant } from '~/lib/variant';
import { LegalPage, legalHandle, legalPageKey, type LegalPageProps } from './LegalPage';

const home = { pathname: '/serviceportal/legal-notice', search: '' };

const cases = Object.values(variants).flatMap((variant) =>
  variant.languages.flatMap((language) =>
    (Object.keys(legalPages) as LegalPageKey[]).map((page) => ({ variant, language, page })),
  ),
);

/** The page as its route renders it, with `kept` given to the document's render. */
async function rendered(language: string, props: LegalPageProps, kept: KeptHtml | null) {
  const instance = await renderingInstance(language);
  return renderToString(
    <I18nextProvider i18n={instance}>
      <KeptHtmlProvider value={kept}>
        <LegalPage {...props} />
      </KeptHtmlProvider>
    </I18nextProvider>,
  );
}

/** The kept parts of a document showing `props` to a visitor. */
async function keptFor(
  language: (typeof cases)[number]['language'],
  variant: (typeof cases)[number]['variant'],
  props: LegalPageProps,
) {
  const instance = await renderingInstance(language);
  const root = {
    variant: publicVariant(variant),
    language,
    locale: intlLocale(language, variant),
    auth: { level: 'none' as const, idleMsLeft: null },
  };
  return keptHtmlFor(instance, root, home, { page: legalHandle(props.ns).keptPage, data: props });
}

describe('a legal page kept', () => {
  it.each(cases)(
    'is the page the document renders: $page, $variant.id, $language',
    async ({ variant, language, page }) => {
      const props: LegalPageProps = {
        ns: legalPages[page],
        page,
        values: legalValues(variant, intlLocale(language, variant)),
      };
      const kept = await keptFor(language, variant, props);
      expect(kept.page?.key).toBe(legalPageKey(language, props));
      const fromKept = await rendered(language, props, kept);
      expect(fromKept).toBe(await rendered(language, props, null));
      // The page's own text, with the variant's facts written in.
      expect(fromKept).toContain('<h1>');
      if (page === 'legalNotice') expect(fromKept).toContain(variant.legal.name);
    },
  );

  it('is used only for the key it was kept for', async () => {
    const variant = variants.de;
    const props: LegalPageProps = { ns: 'legal', page: 'legalNotice', values: legalValues(variant, 'de-DE') };
    const marked = { page: { key: legalPageKey('de', props), html: '<p>kept</p>' } };
    expect(await rendered('de', props, marked)).toBe('<div class="container page"><p>kept</p></div>');
    expect(await rendered('en', props, marked)).not.toContain('kept');
    expect(await rendered('de', { ...props, page: 'cardTerms' }, marked)).not.toContain('kept');
    const otherFacts = { ...props, values: legalValues(variants.at, 'de-AT') };
    expect(await rendered('de', otherFacts, marked)).not.toContain('kept');
  });

  it('hydrates in the browser without a difference React would have to repair', async () => {
    for (const [language, variant] of [
      ['de', variants.de],
      ['fr', variants.ch],
      ['sv', variants.se],
    ] as const) {
      const props: LegalPageProps = {
        ns: 'privacy',
        page: 'privacy',
        values: legalValues(variant, intlLocale(language, variant)),
      };
      const container = document.createElement('div');
      container.innerHTML = await rendered(language, props, await keptFor(language, variant, props));
      const before = container.innerHTML;
      const errors: unknown[] = [];
      const instance = await renderingInstance(language);
      const root = await act(async () =>
        hydrateRoot(
          container,
          <I18nextProvider i18n={instance}>
            <LegalPage {...props} />
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

describe('keptPageIn', () => {
  const data = { ns: 'legal', page: 'legalNotice', values: {} };
  const context = (over: Partial<EntryContext['staticHandlerContext']>, handle: unknown = legalHandle('legal')) =>
    ({
      staticHandlerContext: {
        statusCode: 200,
        errors: null,
        actionData: null,
        matches: [{ route: { id: 'root' } }, { route: { id: 'routes/$portal.legal-notice' } }],
        loaderData: { root: {}, 'routes/$portal.legal-notice': data },
        ...over,
      },
      routeModules: { root: { handle: {} }, 'routes/$portal.legal-notice': { handle } },
    }) as unknown as EntryContext;

  it("gives the deepest route's kept page with its loader data", () => {
    expect(keptPageIn(context({}))).toEqual({ page: legalHandle('legal').keptPage, data });
  });

  it('keeps nothing for a page answered otherwise, with an error or an action, or without a kept page', () => {
    expect(keptPageIn(context({ statusCode: 404 }))).toBeUndefined();
    expect(keptPageIn(context({ errors: { 'routes/$portal.legal-notice': new Error('x') } }))).toBeUndefined();
    expect(keptPageIn(context({ actionData: { 'routes/$portal.legal-notice': {} } }))).toBeUndefined();
    expect(keptPageIn(context({ loaderData: { root: {} } }))).toBeUndefined();
    expect(keptPageIn(context({}, { i18n: ['common'] }))).toBeUndefined();
  });
});
