/**
 * Free debt advice for the country of a variant (issue 26, decision 069): only official or public
 * services and recognised non-profit ones, each with its own web address. The portal cannot check
 * a telephone number on the service's own site when it is built, so none is listed here: a number
 * is added only together with the page of the service's own site it was taken from (`phoneSource`).
 * Names are the services' own; what each offers is worded per language (namespace `hardship`,
 * `advice.services.<id>`).
 */
import type { CountryCode } from '../variants/config.ts';

export interface AdviceService {
  id: string;
  /** The service's own name, as it calls itself. */
  name: string;
  /** Its own web address. */
  url: string;
  /** Official or public body, or recognised non-profit organisation. */
  kind: 'public' | 'nonProfit';
  /** A telephone number, only with the page of the service's own site it was taken from. */
  phone?: { display: string; href: string; phoneSource: string };
}

export const debtAdvice: Readonly<Record<CountryCode, readonly AdviceService[]>> = {
  DE: [
    {
      id: 'bagSb',
      name: 'Bundesarbeitsgemeinschaft Schuldnerberatung (BAG-SB)',
      url: 'https://www.bag-sb.de',
      kind: 'nonProfit',
    },
    {
      id: 'verbraucherzentrale',
      name: 'Verbraucherzentrale',
      url: 'https://www.verbraucherzentrale.de',
      kind: 'public',
    },
    { id: 'caritasDe', name: 'Deutscher Caritasverband', url: 'https://www.caritas.de', kind: 'nonProfit' },
  ],
  AT: [
    {
      id: 'schuldenberatungAt',
      name: 'Staatlich anerkannte Schuldenberatungen (ASB Schuldnerberatungen GmbH)',
      url: 'https://www.schuldenberatung.at',
      kind: 'nonProfit',
    },
    { id: 'arbeiterkammer', name: 'Arbeiterkammer', url: 'https://www.arbeiterkammer.at', kind: 'public' },
  ],
  CH: [
    { id: 'schuldenCh', name: 'Schuldenberatung Schweiz', url: 'https://www.schulden.ch', kind: 'nonProfit' },
    { id: 'caritasCh', name: 'Caritas Schweiz', url: 'https://www.caritas.ch', kind: 'nonProfit' },
  ],
  SE: [
    { id: 'hallaKonsument', name: 'Hallå konsument', url: 'https://www.hallakonsument.se', kind: 'public' },
    { id: 'konsumentverket', name: 'Konsumentverket', url: 'https://www.konsumentverket.se', kind: 'public' },
    { id: 'kronofogden', name: 'Kronofogden', url: 'https://www.kronofogden.se', kind: 'public' },
  ],
  NO: [{ id: 'nav', name: 'NAV', url: 'https://www.nav.no', kind: 'public' }],
};

export function debtAdviceFor(country: CountryCode): readonly AdviceService[] {
  return debtAdvice[country] ?? [];
}
