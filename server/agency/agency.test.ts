/** Unit tests of the agency API's pure parts: backoff, Standard Webhooks signing, what an event may carry, If-Match. */
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { backoffCapSeconds, backoffSeconds, maxAttempts, signedRequest } from './delivery.ts';
import { envelopeOf, eventTypeOf, plainValue } from './events.ts';
import { parseReference } from './reference.ts';
import { matches } from './versions.ts';

describe('backoff', () => {
  it.each([
    [1, 10],
    [2, 20],
    [3, 40],
    [6, 320],
    [12, 20_480],
    [13, backoffCapSeconds],
    [maxAttempts, backoffCapSeconds],
  ])('after %i failed attempts waits %i s without jitter', (attempts, seconds) => {
    expect(backoffSeconds(attempts, () => 0)).toBe(seconds);
  });
  it('takes at most a fifth off with jitter and never grows past the cap', () => {
    for (let n = 1; n <= maxAttempts; n += 1) {
      const exact = backoffSeconds(n, () => 0);
      expect(backoffSeconds(n, () => 0.999)).toBeGreaterThanOrEqual(Math.floor(exact * 0.8));
      expect(backoffSeconds(n, () => 0.5)).toBeLessThanOrEqual(backoffCapSeconds);
    }
  });
});

describe('Standard Webhooks signing', () => {
  const secret = `whsec_${Buffer.alloc(32, 3).toString('base64')}`;
  it('signs so that the library verifies it, and a changed body or another secret does not', () => {
    const now = new Date();
    const { body, headers } = signedRequest(secret, 'evt_1', { type: 'contact.messageSent', data: { a: 1 } }, now);
    expect(headers['webhook-id']).toBe('evt_1');
    expect(new Webhook(secret).verify(body, headers)).toEqual({ type: 'contact.messageSent', data: { a: 1 } });
    expect(() => new Webhook(secret).verify(body.replace('1', '2'), headers)).toThrow();
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 4).toString('base64')}`).verify(body, headers)).toThrow();
  });
  it('keeps the id and body of an event across attempts; only the timestamp and signature change', () => {
    const a = signedRequest(secret, 'evt_2', { x: 1 }, new Date(1_800_000_000_000));
    const b = signedRequest(secret, 'evt_2', { x: 1 }, new Date(1_800_000_060_000));
    expect(a.body).toBe(b.body);
    expect(a.headers['webhook-id']).toBe(b.headers['webhook-id']);
    expect(a.headers['webhook-signature']).not.toBe(b.headers['webhook-signature']);
  });
});

describe('what an event carries', () => {
  it('leaves out passwords, tokens and binary contents, and writes dates as ISO strings', () => {
    expect(
      plainValue({
        password: 'secret',
        sepaPassword: 'x',
        t: 'token',
        amount: 1200,
        on: new Date('2026-11-28T10:00:00Z'),
        file: new Uint8Array([1, 2]),
        nested: { accessToken: 'x', keep: ['a', 1, null] },
      }),
    ).toEqual({ amount: 1200, on: '2026-11-28T10:00:00.000Z', nested: { keep: ['a', 1, null] } });
  });
  it('has one type per action, and the envelope names the file and the action', () => {
    const envelope = envelopeOf(
      {
        action: 'announcePayment',
        door: 'page',
        fileId: 1,
        debtorId: 1,
        reference: '100000001',
        subcase: 1,
        input: { amount: 5000 },
        result: { id: 7 },
        at: new Date('2026-11-28T10:00:00Z'),
      },
      'evt_x',
    );
    expect(envelope).toEqual({
      id: 'evt_x',
      type: 'payment.announced',
      timestamp: '2026-11-28T10:00:00.000Z',
      file: { reference: '100000001', subcase: 1 },
      data: { action: 'announcePayment', door: 'page', input: { amount: 5000 }, result: { id: 7 } },
    });
    expect(new Set(Object.values(eventTypeOf)).size).toBe(Object.keys(eventTypeOf).length);
  });
});

describe('references and If-Match', () => {
  it.each([
    ['100000001', { refno: '100000001', subcase: 1 }],
    ['100000010-2', { refno: '100000010', subcase: 2 }],
    ['10000001', null],
    ['100000001-0', null],
  ])('%s', (value, expected) => expect(parseReference(value)).toEqual(expected));
  it('matches a version in a list, weak or strong, or *', () => {
    expect(matches('"3"', 3)).toBe(true);
    expect(matches('W/"3", "4"', 4)).toBe(true);
    expect(matches('*', 9)).toBe(true);
    expect(matches('"2"', 3)).toBe(false);
  });
});
