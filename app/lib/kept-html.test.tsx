// @vitest-environment jsdom
/**
 * The footer's kept HTML (decision 125) against the footer rendered in the document: the same
 * markup for every variant, language and login level, and a hydration in the browser that meets
 * exactly the elements the components render.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { AuthLevel } from '#server/auth/session.ts';
import { variants } from '#server/variants/config.ts';
import { Footer, footerKey } from '~/components/shell/Footer';
import { intlLocale } from '#server/i18n/negotiate.ts';
import { publicVariant } from '~/lib/variant';
import { renderingInstance } from '~/i18next.server';
import { KeptHtmlProvider } from './kept-html';
import { keptHtmlFor } from './kept-html.server';

const levels: AuthLevel[] = ['none', 'limited', 'full'];
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
      const kept = keptHtmlFor(instance, { variant, locale, auth: { level: auth, idleMsLeft: null } });
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
      const kept = keptHtmlFor(instance, { variant, locale: props.locale, auth: { level: 'none', idleMsLeft: null } });
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
