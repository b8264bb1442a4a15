// @vitest-environment jsdom
/**
 * How the pane renders the answers of issue 26, in a DOM (jsdom) with @testing-library/react:
 * hardship with the relief as links, the hardship page and a person (phone link with the hours,
 * callback) in the answer itself and no second offer below; abuse ended without an input; the
 * file's offers with their buttons; and the full-screen pane on a phone closing when one of its
 * links is followed, with the focus on the new page's heading.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { UIMessage } from 'ai';
import { createInstance, type i18n as I18n } from 'i18next';
import { act, useState } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, Outlet, RouterProvider, useNavigate } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ToolResult } from '#server/assistant/tools/results.ts';
import { variants } from '#server/variants/config.ts';
import { formatDate, formatMoney, supportHoursLines } from '~/lib/format';
import { publicVariant } from '~/lib/variant';
import { i18nConfig, namespaces } from '~/i18n';
import { resources } from '~/i18next.server';
import { Conversation } from './Conversation';

const variant = publicVariant(variants.de);
let i18n: I18n;

beforeAll(async () => {
  i18n = createInstance();
  await i18n.use(initReactI18next).init({ ...i18nConfig, lng: 'en', ns: [...namespaces], resources });
});
afterEach(cleanup);

function answer(output: ToolResult): UIMessage[] {
  return [
    { id: 'q', role: 'user', parts: [{ type: 'text', text: 'question' }] },
    {
      id: 'a',
      role: 'assistant',
      parts: [{ type: 'tool-x', toolCallId: 'c', state: 'output-available', input: {}, output } as never],
    },
  ];
}

function show(messages: UIMessage[]) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: <Conversation messages={messages} greeting={null} signedIn variant={variant} locale="en-DE" />,
      },
    ],
    { initialEntries: ['/serviceportal/chatbot'] },
  );
  return render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

const hardship: ToolResult = {
  kind: 'hardship',
  intent: 'hardship',
  relief: [
    {
      kind: 'deferral',
      payBy: '2026-12-28',
      feeMinor: 0,
      currency: 'EUR',
      href: '/checkout/pay-later?date=2026-12-28',
    },
    {
      kind: 'lowerInstalment',
      currency: 'EUR',
      minMonthlyMinor: 1300,
      regularMinMinor: 2600,
      href: '/checkout/pay-installments?rate=13',
    },
  ],
  offers: [],
  href: '/service/hardship',
  callbackHref: '/service/contact?action=callback',
};

describe('the hardship answer', () => {
  it('acknowledges, lists the relief as links, and offers the page and a person in the answer itself', () => {
    show(answer(hardship));
    const card = screen.getByTestId('chat-hardship');
    expect(card.textContent).toContain('I am very sorry to hear that');
    const deferral = within(card).getByRole('link', {
      name: `put off the payment until ${formatDate('2026-12-28', 'en-DE')}`,
    });
    expect(deferral.getAttribute('href')).toContain(encodeURIComponent('/checkout/pay-later?date=2026-12-28'));
    within(card).getByRole('link', { name: new RegExp(formatMoney(1300, 'EUR', 'en-DE').replace('.', '\\.')) });
    expect(within(card).getByRole('link', { name: 'Help in a difficult situation' }).getAttribute('href')).toContain(
      encodeURIComponent('/service/hardship'),
    );
    const phone = within(card).getByRole('link', { name: variant.support.phone });
    expect(phone.getAttribute('href')).toBe(`tel:${variant.support.phoneHref}`);
    expect(card.textContent).toContain(supportHoursLines(variant.support.hours.days, 'en-DE').join(', '));
    within(card).getByRole('link', { name: 'Book a callback' });
    // The person is in the answer: the general offer below every answer is not repeated.
    expect(
      screen.queryByText('Would you rather talk to a person?', { exact: false, selector: '.chat-person' }),
    ).toBeNull();
  });
});

describe('abuse', () => {
  it('ends politely on the third time and says the conversation is over', () => {
    show(
      answer({
        kind: 'abuse',
        intent: 'abuse',
        strike: 3,
        ended: true,
        callbackHref: '/service/contact?action=callback',
      }),
    );
    expect(screen.getByTestId('chat-abuse').textContent).toContain('I am ending this conversation here');
    screen.getByRole('link', { name: variant.support.phone });
  });
});

describe('the file’s offers', () => {
  it('names a settlement offer with its amount, the full amount and the last day, and its button', () => {
    show(
      answer({
        kind: 'link',
        intent: 'pay_now',
        href: '/checkout/pay-direct',
        slots: {},
        offers: [
          {
            kind: 'settlement',
            currency: 'EUR',
            amountMinor: 54000,
            validTill: '2026-12-12',
            settlesMinor: 77260,
            href: '/checkout/pay-direct?offer=true',
          },
        ],
      }),
    );
    const offer = screen.getByTestId('chat-offer-settlement');
    expect(offer.textContent).toContain(
      `pay ${formatMoney(54000, 'EUR', 'en-DE')} by ${formatDate('2026-12-12', 'en-DE')} and the whole claim of ${formatMoney(77260, 'EUR', 'en-DE')} is settled`,
    );
    expect(within(offer).getByRole('link').getAttribute('href')).toContain(
      encodeURIComponent('/checkout/pay-direct?offer=true'),
    );
  });

  it('a refusal that names the deposit shows its pay button without saying it twice', () => {
    show(
      answer({
        kind: 'refused',
        intent: 'pay_instalments',
        reason: 'depositFirst',
        params: { amountMinor: 15000, currency: 'EUR' },
        alternatives: [],
        offers: [{ kind: 'deposit', currency: 'EUR', amountMinor: 15000, href: '/checkout/pay-direct?deposit=true' }],
      }),
    );
    const amount = formatMoney(15000, 'EUR', 'en-DE');
    expect(screen.getByTestId('chat-refused').textContent!.split(amount).length - 1).toBe(2); // the refusal and the button
    screen.getByRole('link', { name: `Pay the down payment of ${amount}` });
  });
});

describe('the explain answer’s costs (decision 105)', () => {
  const explain = (costs: Array<{ kind: string; amountMinor: number; legalBasis: string }>): ToolResult => ({
    kind: 'explain',
    intent: 'explain_costs',
    currency: 'EUR',
    country: 'DE',
    reference: '960000052',
    creditor: 'Telvia',
    subject: { text: 'Mobilfunkvertrag', code: null },
    totalMinor: 30_692,
    mainClaimMinor: 24_900,
    interestMinor: 312,
    costsMinor: 5_480,
    paymentsMinor: 0,
    invoices: [],
    interest: { rateBp: null, basis: 'none', fromDate: null },
    costs,
    unitemisedCostsMinor: 5_480 - costs.reduce((sum, cost) => sum + cost.amountMinor, 0),
    payments: [],
    href: '/claim-information',
    offers: [],
  });
  const money = (minor: number) => formatMoney(minor, 'EUR', 'en-DE');

  it('names the part no line itemises as such beside the lines that do', () => {
    show(answer(explain([{ kind: 'dunningFee', amountMinor: 500, legalBasis: 'DE.bgbDefault' }])));
    const card = screen.getByTestId('chat-explain');
    expect(card.textContent).toContain(`creditor's reminder costs ${money(500)}`);
    expect(card.textContent).toContain(`a further ${money(4_980)} not yet itemised`);
  });

  it('says costs none of which are itemised are not yet itemised, never that there are none', () => {
    show(answer(explain([])));
    const card = screen.getByTestId('chat-explain');
    expect(card.textContent).toContain(
      `Costs of ${money(5_480)} are added. We do not yet have them itemised by kind and legal basis`,
    );
  });
});

describe('the pane on a phone', () => {
  it('closes when a link of it is followed, and the focus moves to the new page’s heading', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: query.includes('max-width'),
        media: query,
        addEventListener() {},
        removeEventListener() {},
      })),
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ messages: [], greeting: null, suggestions: [], signedIn: 'full' })),
    );
    const { default: AssistantPane } = await import('./AssistantPane');
    let go: (to: string) => void = () => {};
    // The root shell: the pane lives beside the routes' pages and closes through its state.
    function Shell() {
      const [open, setOpen] = useState(true);
      go = useNavigate();
      return (
        <>
          <main>
            <Outlet />
          </main>
          {open ? <AssistantPane variant={variant} locale="en-DE" onClose={() => setOpen(false)} /> : null}
        </>
      );
    }
    const router = createMemoryRouter(
      [
        {
          path: '/serviceportal',
          element: <Shell />,
          children: [
            { path: 'dashboard', element: <h1>Overview</h1> },
            { path: 'checkout/pay-later', element: <h1>Pay later</h1> },
          ],
        },
      ],
      { initialEntries: ['/serviceportal/dashboard'] },
    );
    render(
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>,
    );
    await screen.findByRole('dialog');
    await act(async () => go('/serviceportal/checkout/pay-later'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Pay later' }));
    vi.unstubAllGlobals();
  });
});

describe('the pane while an answer is coming in', () => {
  it('sends a question typed before the answer ended once it has ended, instead of dropping it', async () => {
    const { createUIMessageStream, createUIMessageStreamResponse } = await import('ai');
    let release: () => void = () => {};
    const ended = new Promise<void>((resolve) => (release = resolve));
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        if (init?.method !== 'POST')
          return Response.json({ messages: [], greeting: null, suggestions: [], signedIn: 'full' });
        asked.push((JSON.parse(String(init.body)) as { text: string }).text);
        const first = asked.length === 1;
        return createUIMessageStreamResponse({
          stream: createUIMessageStream({
            async execute({ writer }) {
              writer.write({ type: 'text-start', id: 'a' });
              writer.write({ type: 'text-delta', id: 'a', delta: first ? 'Here is a proposal.' : 'Done.' });
              // The first answer stays open until the test lets it end.
              if (first) await ended;
              writer.write({ type: 'text-end', id: 'a' });
            },
          }),
        });
      }),
    );
    const { default: AssistantPane } = await import('./AssistantPane');
    const router = createMemoryRouter(
      [
        {
          path: '/serviceportal/dashboard',
          element: <AssistantPane variant={variant} locale="en-DE" onClose={() => {}} />,
        },
      ],
      { initialEntries: ['/serviceportal/dashboard'] },
    );
    render(
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>,
    );
    const box = await screen.findByRole('textbox');
    const say = async (words: string) => {
      await act(async () => {
        fireEvent.change(box, { target: { value: words } });
        fireEvent.keyDown(box, { key: 'Enter' });
      });
    };
    await say('I can pay 50 a month');
    await screen.findByText('Here is a proposal.');
    await say('ok do it');
    // Still answering: the second question waits, and the box is free for the next.
    expect(asked).toEqual(['I can pay 50 a month']);
    expect((box as HTMLTextAreaElement).value).toBe('');
    await act(async () => release());
    await waitFor(() => expect(asked).toEqual(['I can pay 50 a month', 'ok do it']));
    await screen.findByText('Done.');
    vi.unstubAllGlobals();
  });
});
