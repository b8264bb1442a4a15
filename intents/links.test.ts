import { describe, expect, it } from 'vitest';
import { INTENT_IDS } from './catalogue.ts';
import { buildHref, formatAmount, readLinkSlots } from './links.ts';
import type { Slots } from './slots/index.ts';

describe('buildHref follows the slot table of intents.md', () => {
  it.each<[Parameters<typeof buildHref>[0], Slots, string | null]>([
    ['pay_now', {}, '/checkout/pay-direct'],
    ['pay_now', { method: 'card' }, '/checkout/pay-direct?method=card'],
    [
      'pay_instalments',
      { rate: 50, firstDate: '2026-12-15' },
      '/checkout/pay-installments?rate=50&firstDate=2026-12-15',
    ],
    // the table's order holds whatever order the slots were found in
    [
      'pay_instalments',
      { firstDate: '2026-12-15', rate: 50 },
      '/checkout/pay-installments?rate=50&firstDate=2026-12-15',
    ],
    ['pay_instalments', { rate: 199.9 }, '/checkout/pay-installments?rate=199.90'],
    ['pay_instalments', { firstDate: '2027-01-01' }, '/checkout/pay-installments?firstDate=2027-01-01'],
    ['pay_later', { date: '2026-12-15' }, '/checkout/pay-later?date=2026-12-15'],
    ['pay_partial', {}, '/checkout/pay-direct?downpayment=true'],
    ['pay_partial', { amount: 200 }, '/checkout/pay-direct?downpayment=true&amount=200'],
    ['pay_partial', { amount: 1250 }, '/checkout/pay-direct?downpayment=true&amount=1250'],
    ['already_paid', { date: '2026-03-14', amount: 230 }, '/announce-payment?date=2026-03-14&amount=230'],
    ['already_paid', { amount: 80.5 }, '/announce-payment?amount=80.50'],
    ['callback', { day: 'monday', time: 'morning' }, '/service/contact?action=callback&day=monday&time=morning'],
    ['callback', { time: 'evening' }, '/service/contact?action=callback&time=evening'],
    ['callback', {}, '/service/contact?action=callback'],
    ['report_bug', {}, '/service/contact?subject=7'],
    ['suggest_improvement', {}, '/service/contact?subject=8'],
    ['dispute_costs', {}, '/service/contact?subject=2'],
    ['goods_returned', { dateGoodsReturn: '2026-11-02' }, '/download-center/goods-return?dateGoodsReturn=2026-11-02'],
    ['claim_origin', {}, '/claim-information#list-of-claims'],
    // slots of another intent never leak into a link
    ['pay_later', { amount: 50, method: 'card' }, '/checkout/pay-later'],
    // the feedback rating fills the form but has no link parameter in the table
    ['feedback', { rating: 5 }, '/feedback'],
    ['greeting', {}, null],
    ['out_of_scope', { amount: 5 }, null],
  ])('%s %j → %s', (intent, slots, href) => {
    expect(buildHref(intent, slots)).toBe(href);
  });

  it.each<[Parameters<typeof buildHref>[0], Slots, string]>([
    ['pay_later', { date: '15.12.2026' }, '/checkout/pay-later'],
    ['pay_later', { date: '2026-13-01' }, '/checkout/pay-later'],
    ['pay_partial', { amount: 0 }, '/checkout/pay-direct?downpayment=true'],
    ['pay_partial', { amount: Number.NaN }, '/checkout/pay-direct?downpayment=true'],
    ['callback', { day: 'sunday' as never }, '/service/contact?action=callback'],
    ['pay_now', { method: 'bitcoin' as never }, '/checkout/pay-direct'],
  ])('drops a malformed slot: %s %j', (intent, slots, href) => {
    expect(buildHref(intent, slots)).toBe(href);
  });

  it('gives every intent with a screen a path without a base path', () => {
    for (const intent of INTENT_IDS) {
      const href = buildHref(intent);
      if (href !== null) expect(href).toMatch(/^\/(?!serviceportal)[a-z]/);
    }
  });
});

describe('formatAmount', () => {
  it.each([
    [50, '50'],
    [199.9, '199.90'],
    [199.99, '199.99'],
    [0.1 + 0.2, '0.30'],
    [1250, '1250'],
    [-5, null],
  ])('%s → %s', (value, text) => {
    expect(formatAmount(value)).toBe(text);
  });
});

describe('readLinkSlots reads back what buildHref writes (one codec for tools and routes)', () => {
  const queryOf = (href: string) => new URL(href, 'https://portal.test').searchParams;

  it.each<[Parameters<typeof buildHref>[0], Slots]>([
    ['pay_now', { method: 'sepa' }],
    ['pay_instalments', { rate: 50, firstDate: '2026-12-15' }],
    ['pay_instalments', { rate: 199.9 }],
    ['pay_later', { date: '2026-12-15' }],
    ['pay_partial', { amount: 1250 }],
    ['already_paid', { date: '2026-03-14', amount: 80.5 }],
    ['callback', { day: 'saturday', time: 'evening' }],
    ['goods_returned', { dateGoodsReturn: '2026-11-02' }],
    ['pay_later', {}],
  ])('%s %j survives the round trip', (intent, slots) => {
    expect(readLinkSlots(intent, queryOf(buildHref(intent, slots)!))).toEqual(slots);
  });

  it('leaves out what buildHref could not have written, and the slots of other intents', () => {
    const query = new URLSearchParams(
      'date=2026-13-01&amount=0&rate=1.999&method=bitcoin&day=sunday&time=night&firstDate=15.12.2026',
    );
    expect(readLinkSlots('already_paid', query)).toEqual({});
    expect(readLinkSlots('pay_instalments', query)).toEqual({});
    expect(readLinkSlots('callback', query)).toEqual({});
    expect(readLinkSlots('pay_now', query)).toEqual({});
    expect(readLinkSlots('pay_later', new URLSearchParams('date=2026-12-15&amount=50'))).toEqual({
      date: '2026-12-15',
    });
    expect(readLinkSlots('pay_partial', new URLSearchParams('amount=12345678'))).toEqual({});
    expect(readLinkSlots('greeting', new URLSearchParams('amount=5'))).toEqual({});
  });
});
