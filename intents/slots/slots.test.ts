import { describe, expect, it } from 'vitest';
import { extractSlots, type SlotLang, type Slots } from './index.ts';
import { readNumber } from './amounts.ts';
import { nearestDayOfMonth, parseIsoDay, formatIsoDay, addMonths } from './calendar.ts';

/** 2026-11-22 is a Sunday. */
const SUNDAY = '2026-11-22';
/** 2026-11-25 is a Wednesday. */
const WEDNESDAY = '2026-11-25';

type Case = [lang: SlotLang, intent: string, text: string, expected: Slots, today?: string];

function check(cases: Case[]) {
  it.each(cases)('%s %s: %s', (lang, intent, text, expected, today = SUNDAY) => {
    expect(extractSlots(text, { lang, intent, today })).toEqual(expected);
  });
}

describe('monthly rate and first date (pay_instalments)', () => {
  check([
    ['de', 'pay_instalments', 'ich kann nur 50 Euro im Monat zahlen', { rate: 50 }],
    ['de', 'pay_instalments', 'Ratenzahlung 80€ monatlich ab dem 15.', { rate: 80, firstDate: '2026-12-15' }],
    ['de', 'pay_instalments', 'ich schulde 600 euro und kann 50 im monat', { rate: 50 }],
    ['de', 'pay_instalments', 'kann ich die 600 euro in raten zahlen', {}],
    ['de', 'pay_instalments', 'in 6 raten bitte', {}],
    // A count with its adjective is no monthly amount (issue 26: "3 monthly instalments" was a rate of 3).
    ['en', 'pay_instalments', 'I want to pay the rest in 3 monthly instalments', {}],
    ['de', 'pay_instalments', 'den rest in 3 monatlichen raten', {}],
    ['fr', 'pay_instalments', 'le reste en 4 mensualités', {}],
    ['de', 'pay_instalments', 'die 1.250,00 in raten von 100', { rate: 100 }],
    ['de', 'pay_instalments', 'ratenzahlung mit fünfzig euro', { rate: 50 }],
    ['en', 'pay_instalments', 'I can only do 50 a month starting next friday', { rate: 50, firstDate: '2026-11-27' }],
    ['en', 'pay_instalments', 'I owe £900, can I pay it in installments of 75?', { rate: 75 }],
    ['en', 'pay_instalments', 'payment plan, first payment on the 1st', { firstDate: '2026-12-01' }],
    ['es', 'pay_instalments', 'puedo pagar 50 euros al mes', { rate: 50 }],
    ['es', 'pay_instalments', 'cuotas de 40 € a partir del 5 de enero', { rate: 40, firstDate: '2027-01-05' }],
    ['fr', 'pay_instalments', 'je peux payer 1 250,00 € en plusieurs fois, 100 € par mois', { rate: 100 }],
    ['fr', 'pay_instalments', 'des mensualités de 60 euros à partir du 10', { rate: 60, firstDate: '2026-12-10' }],
    ['it', 'pay_instalments', 'posso pagare 70 euro al mese dal primo', { rate: 70, firstDate: '2026-12-01' }],
    ['tr', 'pay_instalments', 'ayda 50 euro ödeyebilirim', { rate: 50 }],
    ['tr', 'pay_instalments', 'aylık 120 euro taksit yapabilir miyim', { rate: 120 }],
    ['tr', 'pay_instalments', 'aylık 75 € taksit, 1 aralıkta başlasın', { rate: 75, firstDate: '2026-12-01' }],
    ['tr', 'pay_instalments', 'ayda 30 taksit olur mu', { rate: 30 }],
    ['tr', 'pay_instalments', '6 taksit olur mu', {}],
    ['sv', 'pay_instalments', 'jag kan betala 199,90 kr i månaden', { rate: 199.9 }],
    ['sv', 'pay_instalments', 'avbetalning på 500 kr per månad från den 25', { rate: 500, firstDate: '2026-11-25' }],
  ]);
});

describe('amount (pay_partial, already_paid)', () => {
  check([
    ['de', 'pay_partial', 'ich möchte 200 € anzahlen', { amount: 200 }],
    ['de', 'pay_partial', 'CHF 80 kann ich sofort zahlen', { amount: 80 }],
    ['de', 'pay_partial', 'von den 772,60 € kann ich 1.250,00 nicht, aber 300 € schon', { amount: 300 }],
    ['de', 'already_paid', 'hab gestern 230 euro überwiesen', { date: '2026-11-21', amount: 230 }],
    ['en', 'pay_partial', 'can I pay 1,250.00 now and the rest later', { amount: 1250 }],
    ['es', 'already_paid', 'ya pagué ayer 230 €', { date: '2026-11-21', amount: 230 }],
    ['fr', 'already_paid', "j'ai fait un virement de 150,50 € le 3 novembre", { date: '2026-11-03', amount: 150.5 }],
    ['it', 'pay_partial', 'posso versare un acconto di 100 euro', { amount: 100 }],
    ['tr', 'already_paid', 'dün 230 euro havale ettim', { date: '2026-11-21', amount: 230 }],
    ['tr', 'already_paid', '10 kasımda 150 euro havale ettim', { date: '2026-11-10', amount: 150 }],
    ['sv', 'already_paid', 'jag betalade 1 250 kr i fredags', { date: '2026-11-20', amount: 1250 }],
    ['de', 'pay_partial', "Fr. 1'250.50 als Anzahlung", { amount: 1250.5 }],
  ]);
});

describe('dates (pay_later, already_paid, goods_returned)', () => {
  check([
    ['de', 'pay_later', 'kann ich am 15. zahlen', { date: '2026-12-15' }],
    ['de', 'pay_later', 'am 25. zahle ich', { date: '2026-11-25' }],
    ['de', 'pay_later', 'Ende des Monats zahle ich', { date: '2026-11-30' }],
    ['de', 'pay_later', 'in zwei Wochen', { date: '2026-12-06' }],
    ['de', 'pay_later', 'nächsten Freitag', { date: '2026-11-27' }],
    ['de', 'pay_later', 'bis 15.12.', { date: '2026-12-15' }],
    ['de', 'pay_later', 'zahle am 15/12', { date: '2026-12-15' }],
    ['de', 'pay_later', 'Mitte Dezember', { date: '2026-12-15' }],
    ['de', 'pay_later', 'nächsten Monat', {}],
    ['de', 'already_paid', 'am 14.03. habe ich 230,50€ bezahlt', { date: '2026-03-14', amount: 230.5 }],
    ['de', 'already_paid', 'vor zwei Wochen bezahlt', { date: '2026-11-08' }],
    ['en', 'pay_later', 'can I pay on the 15th', { date: '2026-12-15' }],
    ['en', 'pay_later', 'end of the month', { date: '2026-11-30' }],
    ['en', 'pay_later', 'next Friday', { date: '2026-11-27' }],
    ['en', 'pay_later', 'in 10 days', { date: '2026-12-02' }],
    ['en', 'already_paid', 'I paid £120 last monday', { date: '2026-11-16', amount: 120 }],
    ['en', 'already_paid', 'paid it yesterday', { date: '2026-11-21' }],
    ['es', 'pay_later', 'el viernes que viene', { date: '2026-11-27' }],
    ['es', 'pay_later', 'puedo pagar el 15', { date: '2026-12-15' }],
    ['es', 'pay_later', 'a fin de mes', { date: '2026-11-30' }],
    ['es', 'pay_later', 'en dos semanas', { date: '2026-12-06' }],
    ['fr', 'pay_later', 'le 15', { date: '2026-12-15' }],
    ['fr', 'pay_later', 'vendredi prochain', { date: '2026-11-27' }],
    ['fr', 'already_paid', "j'ai payé hier", { date: '2026-11-21' }],
    ['fr', 'pay_later', 'dans deux semaines', { date: '2026-12-06' }],
    ['it', 'pay_later', 'il 15', { date: '2026-12-15' }],
    ['it', 'pay_later', 'venerdì prossimo', { date: '2026-11-27' }],
    ['it', 'pay_later', 'a fine mese', { date: '2026-11-30' }],
    ['it', 'pay_later', 'tra due settimane', { date: '2026-12-06' }],
    ['tr', 'pay_later', 'yarın', { date: '2026-11-23' }],
    ['tr', 'pay_later', "ayın 15'inde ödeyebilirim", { date: '2026-12-15' }],
    ['tr', 'pay_later', 'gelecek cuma', { date: '2026-11-27' }],
    ['tr', 'pay_later', 'iki hafta sonra', { date: '2026-12-06' }],
    ['tr', 'pay_later', 'ay sonunda öderim', { date: '2026-11-30' }],
    ['tr', 'already_paid', 'dün ödedim', { date: '2026-11-21' }],
    ['sv', 'pay_later', 'nästa fredag', { date: '2026-11-27' }],
    ['sv', 'pay_later', 'den 15', { date: '2026-12-15' }],
    ['sv', 'pay_later', 'om två veckor', { date: '2026-12-06' }],
    ['sv', 'pay_later', 'i slutet av månaden', { date: '2026-11-30' }],
    ['sv', 'already_paid', 'jag betalade i fredags', { date: '2026-11-20' }],
    ['sv', 'already_paid', 'betalade igår', { date: '2026-11-21' }],
    ['de', 'goods_returned', 'Ware am 2.11. zurückgeschickt', { dateGoodsReturn: '2026-11-02' }],
    ['en', 'goods_returned', 'I sent it back on 2 November', { dateGoodsReturn: '2026-11-02' }],
  ]);
});

describe('relative dates across month ends, year ends and leap years', () => {
  check([
    ['de', 'pay_later', 'morgen', { date: '2027-01-01' }, '2026-12-31'],
    ['de', 'pay_later', 'am 5.', { date: '2027-01-05' }, '2026-12-28'],
    ['de', 'pay_later', 'Ende des Monats', { date: '2028-02-29' }, '2028-02-10'],
    ['de', 'pay_later', 'Ende des Monats', { date: '2027-02-28' }, '2027-02-10'],
    ['en', 'pay_later', 'on the 30th', { date: '2027-03-30' }, '2027-02-28'],
    ['en', 'pay_later', 'on the 29th', { date: '2028-02-29' }, '2028-02-01'],
    ['en', 'pay_later', 'in two weeks', { date: '2027-01-04' }, '2026-12-21'],
    ['es', 'already_paid', 'pagué ayer', { date: '2026-12-31' }, '2027-01-01'],
    ['fr', 'pay_later', 'le 15 janvier', { date: '2027-01-15' }],
    ['it', 'pay_later', 'venerdì prossimo', { date: '2026-11-27' }, WEDNESDAY],
    ['sv', 'pay_later', 'i slutet av nästa månad', { date: '2027-01-31' }, '2026-12-05'],
    ['tr', 'pay_later', 'yarın', { date: '2029-03-01' }, '2029-02-28'],
    ['de', 'already_paid', 'am 30.12. bezahlt', { date: '2025-12-30' }],
  ]);
  it('reads the same words from each day anew and in each direction (the rules are kept per day)', () => {
    const tomorrow = (today: string) => extractSlots('morgen', { lang: 'de', intent: 'pay_later', today }).date;
    expect([tomorrow('2026-11-22'), tomorrow('2026-12-31'), tomorrow('2026-11-22')]).toEqual([
      '2026-11-23',
      '2027-01-01',
      '2026-11-23',
    ]);
    // The same day, looking back instead of ahead: a paid date lies before today.
    expect(extractSlots('am 30.12. bezahlt', { lang: 'de', intent: 'pay_later', today: SUNDAY }).date).toBe(
      '2026-12-30',
    );
    expect(extractSlots('am 30.12. bezahlt', { lang: 'de', intent: 'already_paid', today: SUNDAY }).date).toBe(
      '2025-12-30',
    );
  });
  it('skips months too short for the day', () => {
    expect(formatIsoDay(nearestDayOfMonth(parseIsoDay('2026-11-22'), 31, 'future')!)).toBe('2026-12-31');
    expect(formatIsoDay(nearestDayOfMonth(parseIsoDay('2027-02-01'), 30, 'future')!)).toBe('2027-03-30');
    expect(formatIsoDay(addMonths(parseIsoDay('2028-01-31'), 1))).toBe('2028-02-29');
  });
});

describe('callback day and time of day', () => {
  check([
    ['de', 'callback', 'rufen sie mich morgen früh an', { day: 'monday', time: 'morning' }],
    ['de', 'callback', 'bitte Rückruf am Samstag nachmittags', { day: 'saturday', time: 'afternoon' }],
    ['de', 'callback', 'rückruf montag um 10 uhr', { day: 'monday', time: 'morning' }],
    ['de', 'callback', 'bitte rufen sie an, abends', { time: 'evening' }],
    ['en', 'callback', 'call me tomorrow afternoon', { day: 'monday', time: 'afternoon' }],
    ['en', 'callback', 'call me at 3pm on friday', { day: 'friday', time: 'afternoon' }],
    ['en', 'callback', 'ring me back around noon on Tuesday', { day: 'tuesday', time: 'noon' }],
    ['es', 'callback', 'llámenme mañana por la mañana', { day: 'monday', time: 'morning' }],
    ['es', 'callback', 'el jueves por la tarde', { day: 'thursday', time: 'afternoon' }],
    ['fr', 'callback', 'rappelez-moi mercredi après-midi', { day: 'wednesday', time: 'afternoon' }],
    ['it', 'callback', 'richiamatemi sabato mattina', { day: 'saturday', time: 'morning' }],
    ['tr', 'callback', 'cuma günü öğleden sonra arayın', { day: 'friday', time: 'afternoon' }],
    ['sv', 'callback', 'ring mig i morgon på eftermiddagen', { day: 'monday', time: 'afternoon' }],
    ['sv', 'callback', 'ring på torsdag kväll', { day: 'thursday', time: 'evening' }],
    ['de', 'callback', 'ruf mich am Sonntag an', {}],
  ]);
});

describe('payment method (pay_now)', () => {
  check([
    ['de', 'pay_now', 'mit paypal', { method: 'wallet' }],
    ['de', 'pay_now', 'ich will sofort zahlen', {}],
    ['de', 'pay_now', 'per sofortüberweisung', { method: 'instant' }],
    ['de', 'pay_now', 'alles auf einmal per Überweisung', { method: 'transfer' }],
    ['de', 'pay_now', 'mit Kreditkarte bezahlen', { method: 'card' }],
    ['de', 'pay_now', 'per Lastschrift', { method: 'sepa' }],
    ['de', 'pay_now', 'kann ich bar zahlen', { method: 'cash' }],
    ['en', 'pay_now', 'pay the full amount by card', { method: 'card' }],
    ['en', 'pay_now', 'pay everything right now', {}],
    ['es', 'pay_now', 'quiero pagar todo con tarjeta', { method: 'card' }],
    ['es', 'pay_now', 'pagar en efectivo', { method: 'cash' }],
    ['fr', 'pay_now', 'payer tout par virement', { method: 'transfer' }],
    ['it', 'pay_now', 'pago subito con bonifico', { method: 'transfer' }],
    ['tr', 'pay_now', 'hepsini kredi kartı ile ödemek istiyorum', { method: 'card' }],
    ['sv', 'pay_now', 'betala allt med swish', { method: 'wallet' }],
    ['sv', 'pay_now', 'kan jag betala med kort direkt', { method: 'card' }],
  ]);
});

describe('what was not said stays absent', () => {
  check([
    ['en', 'pay_instalments', '50 euros a month', { rate: 50 }],
    ['de', 'pay_instalments', 'ich habe 3 kinder und kann nur raten zahlen', {}],
    ['de', 'pay_later', 'ich brauche mehr zeit', {}],
    ['en', 'already_paid', 'I already paid, my reference is 100000123', {}],
    ['de', 'already_paid', 'bezahlt von DE89 3704 0044 0532 0130 00', {}],
    ['en', 'pay_later', 'next month', {}],
    ['de', 'claim_balance', 'wie viel muss ich bis zum 15. zahlen', {}],
  ]);
});

describe('feedback rating', () => {
  check([
    ['de', 'feedback', 'ich gebe 5 Sterne', { rating: 5 }],
    ['en', 'feedback', '4/5, good service', { rating: 4 }],
    ['en', 'feedback', 'I want to leave a review', {}],
  ]);
});

describe('readNumber', () => {
  it.each([
    ['1.250,00', 1250],
    ['1,250.00', 1250],
    ['1 250,00', 1250],
    ["1'250.00", 1250],
    ['199,90', 199.9],
    ['50', 50],
    ['50,-', 50],
    ['12.5', 12.5],
    ['1.250', 1250],
    ['1,25', 1.25],
  ])('%s → %d', (raw, value) => {
    expect(readNumber(raw)).toBe(value);
  });
  it('refuses irregular grouping', () => {
    expect(readNumber('1.25.0')).toBeUndefined();
  });
});
