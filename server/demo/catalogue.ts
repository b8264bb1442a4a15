/**
 * The demo files' catalogue (docs/demo-data.md, the README): each reference number and what it
 * shows. The reference numbers are fixed: other parts and tests rely on them. Every demo debtor has
 * the portal password `Demo-Pass1`. The files themselves are data (letters.json) with a module per
 * file for what it has beyond its row (server/demo/files/, decision 078), written only in the demo mode.
 */
export const demoPassword = 'Demo-Pass1';

export interface DemoFile {
  refno: string;
  subcase?: number;
  variant: 'de' | 'at' | 'ch' | 'se' | 'no' | 'paycare';
  shows: string;
}

/** The catalogue printed in the README and docs/demo-data.md. */
export const demoFiles: DemoFile[] = [
  {
    refno: '100000001',
    variant: 'de',
    shows: 'open claim (status 1), all pay buttons, invoices, event history, video, e-mail set',
  },
  { refno: '100000002', variant: 'de', shows: 'instalment plan running, next instalment due, skip and plan offered' },
  { refno: '100000003', variant: 'de', shows: 'down payment pending (status 24)' },
  { refno: '100000004', variant: 'de', shows: 'deferral already granted once' },
  { refno: '100000005', variant: 'de', shows: 'instalments only after a deposit (instalment error code 5)' },
  { refno: '100000006', variant: 'de', shows: 'settled (status 3): notice of completion can be requested' },
  { refno: '100000007', variant: 'de', shows: 'enforcement measure running (42): functions refused' },
  { refno: '100000008', variant: 'de', shows: 'special settlement offer and flood-area notice (modals by orderNo)' },
  { refno: '100000009', variant: 'de', shows: 'forced password change' },
  { refno: '100000010', subcase: 1, variant: 'de', shows: 'debtor with three files (claims list), subcases 1 to 3' },
  { refno: '100000011', variant: 'de', shows: 'SEPA direct debit active (status 22)' },
  { refno: '100000012', variant: 'de', shows: 'requested documents waiting in the upload center' },
  {
    refno: '100000013',
    variant: 'de',
    shows: 'no e-mail yet (e-mail capture), another team handles the case, delivery-costs notice',
  },
  { refno: '200000001', variant: 'at', shows: 'open claim, EUR, Austrian legal entity' },
  { refno: '300000001', variant: 'ch', shows: 'open claim in CHF, TWINT offered' },
  { refno: '400000001', variant: 'se', shows: 'open claim in SEK, Swish and bank-identity login' },
  { refno: '500000001', variant: 'no', shows: 'open claim in NOK, Norwegian bank-identity login' },
  { refno: '600000001', variant: 'paycare', shows: 'open claim under the sister brand Paycare' },
];
