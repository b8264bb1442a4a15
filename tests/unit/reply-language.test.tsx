/**
 * A message in another language than the page's is answered in that language, with an offer to
 * switch the page (issue 14): the reply language is chosen on the server (replyLanguage) and the
 * conversation renders that answer, figures included, in it.
 */
import type { UIMessage } from 'ai';
import { createInstance } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { replyLanguage } from '#server/assistant/turn.ts';
import { Conversation } from '~/components/assistant/Conversation';
import { publicVariant } from '~/lib/variant';
import { variants } from '#server/variants/config.ts';
import { i18nConfig, namespaces } from '~/i18n';
import { resources } from '~/i18next.server';
import { staticallyRouted } from '../statically-routed.tsx';

describe('replyLanguage', () => {
  const offered = ['de', 'en', 'tr', 'es', 'it', 'fr'];
  it.each([
    ['ya pagué la factura la semana pasada', 'de', 'es'],
    ['I already paid the invoice last week', 'de', 'en'],
    ['ich habe die Rechnung schon bezahlt', 'de', 'de'],
    ['ich habe die Rechnung schon bezahlt', 'es', 'de'],
  ])('%s on a %s page is answered in %s', (text, page, expected) => {
    expect(replyLanguage(text, page as 'de', offered)).toBe(expected);
  });

  it.each([
    'wie viel muss ich zahlen',
    'ich kann nur 50 euro im monat zahlen',
    'bitte ruft mich am montag vormittag zurück',
    'meine Adresse hat sich geändert',
    'kann ich später zahlen?',
    'was passiert wenn ich nicht zahle',
    'Ich habe gestern 120 Euro überwiesen von meinem Konto DE89 3704 0044 0532 0130 00, ich bin Jonas Becker',
  ])('a German message on the German page stays German: %s', (text) => {
    expect(replyLanguage(text, 'de', offered)).toBe('de');
  });

  it.each([
    ['ok', 'de', 'de'],
    ['ok danke', 'en', 'en'],
    ['50', 'fr', 'fr'],
    ['muchas gracias', 'de', 'es'],
    ['ok gracias', 'de', 'es'],
    ['grazie mille', 'de', 'it'],
    ['tamam', 'de', 'tr'],
  ])(
    'a short message %s on a %s page: %s (the page only when it says nothing; decision 071)',
    (text, page, expected) => {
      expect(replyLanguage(text, page as 'de', offered)).toBe(expected);
    },
  );

  it.each([
    'merhaba ich habe eine Mahnung bekommen ama ben bu borcu bilmiyorum neden bana yazıyorsunuz',
    'Ratenzahlung vereinbaren möglich? param yok lütfen yardım edin, çok zor durumdayım',
    'ich habe meinen job verloren ve param yok, ne yapacağımı hiç bilmiyorum',
  ])('Turkish mixed with German is answered in its main language, Turkish: %s', (text) => {
    expect(replyLanguage(text, 'de', offered)).toBe('tr');
  });

  it('keeps the page language for a language the variant does not offer', () => {
    expect(replyLanguage('jag har redan betalat fakturan förra veckan', 'de', offered)).toBe('de');
  });
});

describe('an answer in the language of the message', () => {
  async function render(messages: UIMessage[]) {
    const i18n = createInstance();
    await i18n.use(initReactI18next).init({ ...i18nConfig, lng: 'de', ns: [...namespaces], resources });
    const variant = publicVariant(variants.de);
    const routed = await staticallyRouted(
      <Conversation messages={messages} greeting={null} signedIn variant={variant} locale="de-DE" />,
      '/serviceportal/chatbot',
    );
    return renderToString(<I18nextProvider i18n={i18n}>{routed}</I18nextProvider>);
  }

  const question: UIMessage = { id: 'q', role: 'user', parts: [{ type: 'text', text: 'cuánto debo pagar' }] };
  const balance = {
    type: 'tool-claim_balance',
    toolCallId: 'c1',
    state: 'output-available',
    input: {},
    output: { kind: 'unknown-kind' },
  };

  it('words the answer in Spanish and offers to show the page in Spanish, returning to the same page', async () => {
    const answer = { id: 'a', role: 'assistant', metadata: { replyLang: 'es' }, parts: [balance] } as UIMessage;
    const html = await render([question, answer]);
    expect(html).toContain('Mostrar esta página en español');
    expect(html).toContain('name="hl" value="es"');
    expect(html).toContain('value="/serviceportal/chatbot"');
    expect(html).toContain('lang="es"');
  });

  it('an answer in the page language carries no offer', async () => {
    const answer = { id: 'a', role: 'assistant', parts: [balance] } as UIMessage;
    const html = await render([question, answer]);
    expect(html).not.toContain('Mostrar esta página');
    expect(html).not.toContain('name="hl"');
  });
});
