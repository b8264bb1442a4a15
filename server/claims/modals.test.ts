import { describe, expect, it } from 'vitest';
import { decideMaintenanceAnnouncement } from '../maintenance.ts';
import { truncateClientAddress } from '../security/client-address.ts';
import { variants } from '../variants/config.ts';
import type { SpecialOfferFacts } from './facts.ts';
import { emailCaptureSchema } from './modal-forms.ts';
import { selectPendingModals, type ModalKind, type ModalSituation } from './modals.ts';

const today = '2026-11-22';
const now = new Date('2026-11-22T09:00:00Z');
const validOffer: SpecialOfferFacts = {
  amountMinor: 54000,
  validTill: '2026-12-06',
  acceptedAt: null,
  declinedAt: null,
  paidAt: null,
};

type Row = ModalSituation['rows'][number];
let nextId = 1;
const row = (kind: ModalKind, orderNo: number, extra: Partial<Row> = {}): Row => ({
  id: nextId++,
  kind,
  orderNo,
  payload: null,
  acknowledgedAt: null,
  ...extra,
});

function situation(
  overrides: Partial<Omit<ModalSituation, 'debtor' | 'file'>> & {
    debtor?: Partial<ModalSituation['debtor']>;
    file?: Partial<ModalSituation['file']>;
  } = {},
): ModalSituation {
  const { debtor, file, ...rest } = overrides;
  return {
    rows: [],
    announcement: null,
    level: 'full',
    today,
    now,
    ...rest,
    debtor: { hasEmail: true, inFloodedArea: false, ...debtor },
    file: { statusCode: '1', closedAt: null, currency: 'EUR', totalMinor: 772_60, specialOffer: null, ...file },
  };
}

const kinds = (s: ModalSituation) => selectPendingModals(s).map((m) => m.kind);

describe('which modals apply (spec 2.4)', () => {
  it.each<[string, Partial<Parameters<typeof situation>[0]>, ModalKind[]]>([
    [
      'e-mail capture while no address is on file',
      { rows: [row('emailCapture', 1)], debtor: { hasEmail: false } },
      ['emailCapture'],
    ],
    [
      'no e-mail capture once an address is on file',
      { rows: [row('emailCapture', 1)], debtor: { hasEmail: true } },
      [],
    ],
    [
      'no e-mail capture for a reference-only session',
      { rows: [row('emailCapture', 1)], debtor: { hasEmail: false }, level: 'limited' },
      [],
    ],
    [
      'special offer while valid',
      { rows: [row('specialOffer', 2)], file: { specialOffer: validOffer } },
      ['specialOffer'],
    ],
    [
      'no special offer after it expired',
      { rows: [row('specialOffer', 2)], file: { specialOffer: { ...validOffer, validTill: '2026-11-21' } } },
      [],
    ],
    [
      'special offer on its last day',
      { rows: [row('specialOffer', 2)], file: { specialOffer: { ...validOffer, validTill: today } } },
      ['specialOffer'],
    ],
    [
      'no special offer once declined',
      { rows: [row('specialOffer', 2)], file: { specialOffer: { ...validOffer, declinedAt: '2026-11-20T10:00:00Z' } } },
      [],
    ],
    [
      'no special offer once accepted',
      { rows: [row('specialOffer', 2)], file: { specialOffer: { ...validOffer, acceptedAt: '2026-11-20T10:00:00Z' } } },
      [],
    ],
    [
      'no special offer once paid',
      { rows: [row('specialOffer', 2)], file: { specialOffer: { ...validOffer, paidAt: '2026-11-20T10:00:00Z' } } },
      [],
    ],
    ['no special offer without an offer', { rows: [row('specialOffer', 2)], file: { specialOffer: null } }, []],
    [
      'no special offer for a reference-only session',
      { rows: [row('specialOffer', 2)], file: { specialOffer: validOffer }, level: 'limited' },
      [],
    ],
    [
      'flood-area row while the debtor lives in the area',
      { rows: [row('floodArea', 1)], debtor: { inFloodedArea: true } },
      ['floodArea'],
    ],
    ['no flood-area notice outside the area', { rows: [row('floodArea', 1)], debtor: { inFloodedArea: false } }, []],
    ['flood-area notice from the rule without a row', { debtor: { inFloodedArea: true } }, ['floodArea']],
    [
      'the rule stays quiet once the flood notice was acknowledged',
      { rows: [row('floodArea', 1, { acknowledgedAt: now })], debtor: { inFloodedArea: true } },
      [],
    ],
    ['redirect notice', { rows: [row('redirectNotice', 2)] }, ['redirectNotice']],
    ['data-misuse notice', { rows: [row('dataMisuse', 1)] }, ['dataMisuse']],
    [
      'delivery costs of a measure while the file is open',
      { rows: [row('deliveryCosts', 3)], file: { statusCode: '1' } },
      ['deliveryCosts'],
    ],
    [
      'no delivery-costs notice once the file is closed',
      { rows: [row('deliveryCosts', 3)], file: { statusCode: '3', closedAt: '2026-11-20T10:00:00Z' } },
      [],
    ],
    [
      'unbilled enforcement costs on an open file',
      { rows: [row('unbilledEnforcementCosts', 4)], file: { statusCode: '3' } },
      ['unbilledEnforcementCosts'],
    ],
    [
      'no unbilled-costs notice on a closed file',
      { rows: [row('unbilledEnforcementCosts', 4)], file: { closedAt: '2026-11-21T10:00:00Z' } },
      [],
    ],
    ['maintenance row without an end', { rows: [row('maintenance', 1)] }, ['maintenance']],
    [
      'maintenance row before its end',
      { rows: [row('maintenance', 1, { payload: { until: '2026-11-23T06:00:00Z' } })] },
      ['maintenance'],
    ],
    [
      'no maintenance row after its end',
      { rows: [row('maintenance', 1, { payload: { until: '2026-11-22T06:00:00Z' } })] },
      [],
    ],
    [
      'announced maintenance window without a row',
      { announcement: { from: '2026-11-25T20:00:00Z', until: '2026-11-25T23:00:00Z' } },
      ['maintenance'],
    ],
    [
      'announced window already acknowledged',
      {
        announcement: { from: '2026-11-25T20:00:00Z', until: null },
        rows: [
          row('maintenance', 0, { acknowledgedAt: now, payload: { ruleRef: 'rule:maintenance:2026-11-25T20:00:00Z' } }),
        ],
      },
      [],
    ],
    [
      'an acknowledged modal stays acknowledged',
      { rows: [row('redirectNotice', 1, { acknowledgedAt: now }), row('dataMisuse', 2)] },
      ['dataMisuse'],
    ],
  ])('%s', (_name, overrides, expected) => {
    expect(kinds(situation(overrides))).toEqual(expected);
  });

  it('sorts by orderNo; rows with equal orderNo keep their order; rules take their place', () => {
    const s = situation({
      rows: [row('deliveryCosts', 3), row('redirectNotice', 2), row('emailCapture', 1), row('dataMisuse', 2)],
      debtor: { hasEmail: false, inFloodedArea: true },
      file: { statusCode: '40' },
      announcement: { from: '2026-11-25T20:00:00Z', until: null },
    });
    expect(kinds(s)).toEqual([
      'maintenance',
      'emailCapture',
      'floodArea',
      'redirectNotice',
      'dataMisuse',
      'deliveryCosts',
    ]);
  });

  it('demo 100000008: flood notice first, then the offer with amount, currency, validity and the whole claim it settles', () => {
    const flood = row('floodArea', 1);
    const offer = row('specialOffer', 2);
    const modals = selectPendingModals(
      situation({ rows: [offer, flood], debtor: { inFloodedArea: true }, file: { specialOffer: validOffer } }),
    );
    expect(modals.map((m) => [m.ref, m.kind, m.acknowledgeOnClose])).toEqual([
      [String(flood.id), 'floodArea', true],
      [String(offer.id), 'specialOffer', false],
    ]);
    expect(modals[1]!.offer).toEqual({
      amountMinor: 54000,
      currency: 'EUR',
      validTill: '2026-12-06',
      settlesMinor: 772_60,
    });
  });

  it('decisions are never taken by closing the dialog, notices are acknowledged', () => {
    const modals = selectPendingModals(
      situation({
        rows: [row('emailCapture', 1), row('specialOffer', 2), row('redirectNotice', 3)],
        debtor: { hasEmail: false },
        file: { specialOffer: validOffer },
      }),
    );
    expect(Object.fromEntries(modals.map((m) => [m.kind, m.acknowledgeOnClose]))).toEqual({
      emailCapture: false,
      specialOffer: false,
      redirectNotice: true,
    });
  });
});

describe('the e-mail field of the capture form', () => {
  it.each([
    ['kerstin.braun@example.org', true],
    ['  kerstin.braun@example.org  ', true],
    ['kerstin.braun@', false],
    ['not an address', false],
    ['', false],
    [`${'a'.repeat(250)}@example.org`, false],
  ])('%j valid: %s', (email, valid) => {
    expect(emailCaptureSchema.safeParse({ intent: 'captureEmail', modal: '12', email }).success).toBe(valid);
  });

  it.each(['12', 'rule:floodArea', 'rule:maintenance:2026-11-25T20:00:00.000Z'])(
    'accepts the modal reference %s',
    (modal) => {
      expect(emailCaptureSchema.safeParse({ intent: 'captureEmail', modal, email: 'a@example.org' }).success).toBe(
        true,
      );
    },
  );

  it.each(['', 'abc', '1; drop table modals', 'rule:<script>'])('refuses the modal reference %j', (modal) => {
    expect(emailCaptureSchema.safeParse({ intent: 'captureEmail', modal, email: 'a@example.org' }).success).toBe(false);
  });
});

describe('truncated client address for portal orders', () => {
  it.each([
    ['203.0.113.7', '203.0.113.0'],
    ['::ffff:203.0.113.7', '203.0.113.0'],
    ['2001:db8:85a3:8d3:1319:8a2e:370:7348', '2001:db8:85a3::'],
    ['2001:db8::1', '2001:db8:0::'],
    ['::1', '0:0:0::'],
    ['[2001:db8:1:2::3]', '2001:db8:1::'],
    ['', null],
    ['unknown', null],
    [undefined, null],
  ])('%s → %s', (address, expected) => {
    expect(truncateClientAddress(address)).toBe(expected);
  });
});

describe('announced maintenance window (public/maintenance.json "announcement")', () => {
  const announcement = { from: '2026-11-25T20:00:00Z', until: '2026-11-25T23:00:00Z' };
  it.each([
    ['announced to everyone', { announcement }, variants.de, 'x', now, announcement],
    [
      'only to the brand',
      { announcement: { ...announcement, brands: { paycare: true } } },
      variants.paycare,
      'x',
      now,
      announcement,
    ],
    [
      'not to other brands',
      { announcement: { ...announcement, brands: { paycare: true } } },
      variants.de,
      'x',
      now,
      null,
    ],
    [
      'to a variant id',
      { announcement: { ...announcement, brands: { ch: true } } },
      variants.ch,
      'x',
      now,
      announcement,
    ],
    [
      'to a host',
      { announcement: { ...announcement, hosts: { 'portal.paycare.example': true } } },
      variants.paycare,
      'portal.paycare.example:443',
      now,
      announcement,
    ],
    ['during the window', { announcement }, variants.de, 'x', new Date('2026-11-25T21:00:00Z'), announcement],
    ['over after the window', { announcement }, variants.de, 'x', new Date('2026-11-25T23:00:01Z'), null],
    [
      'without an end: over once started',
      { announcement: { from: announcement.from } },
      variants.de,
      'x',
      new Date('2026-11-25T20:00:01Z'),
      null,
    ],
    ['no announcement', {}, variants.de, 'x', now, null],
  ] as const)('%s', (_name, file, variant, host, at, expected) => {
    const result = decideMaintenanceAnnouncement(file, variant, host, at);
    expect(result).toEqual(
      expected === null ? null : { from: expected.from, until: 'until' in expected ? expected.until : null },
    );
  });
});
