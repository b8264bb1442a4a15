/**
 * Country and brand variants. One running instance serves all of them: a variant is chosen
 * by base path (and by host where VARIANT_HOSTS maps one). Everything that differs between
 * countries and brands lives here as data, never as a fork of a screen.
 */
import type { Language } from '../i18n/languages.ts';

export type VariantId = 'de' | 'at' | 'ch' | 'se' | 'no' | 'paycare';
export type CurrencyCode = 'EUR' | 'CHF' | 'SEK' | 'NOK';
export type CountryCode = 'DE' | 'AT' | 'CH' | 'SE' | 'NO';
export type LoginMethod = 'reference' | 'password' | 'letterLink' | 'bankIdSe' | 'bankIdNo';

/** Provider ids of section 3 of the spec; the country methods carry names instead of numbers. */
export type PaymentProviderId =
  1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 11 | 'twint' | 'swish' | 'openBanking' | 'noPaymentRequest';

export interface LegalEntity {
  name: string;
  street: string;
  postalCode: string;
  city: string;
  country: CountryCode;
  register: string;
  vatId: string;
  managingDirectors: string[];
  email: string;
  /** Authority that supervises the agency's collection licence, with its contact. */
  supervisoryAuthority: { name: string; address: string; web: string };
  dataProtectionOfficer: { name: string; email: string };
  /**
   * The same names in the other languages of the variant, where they officially exist (Swiss
   * authorities and registers are named in German, French and Italian). A language without an
   * entry shows the names above.
   */
  names?: Partial<Record<Language, LocalizedLegalNames>>;
}

export interface LocalizedLegalNames {
  register?: string;
  supervisoryAuthority?: string;
  dataProtectionOfficer?: string;
}

/** ISO weekday 1 (Monday) … 7 (Sunday). */
type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export interface SupportHours {
  /** ISO weekday with opening and closing time, HH:MM. */
  days: Array<{ weekday: Weekday; open: string; close: string }>;
}

export interface BrandTheme {
  /** Primary colour: buttons, links, the header band. White text on it reaches WCAG AA. */
  primary: string;
  primaryDark: string;
  /** Pale tint of the primary for panels and highlights. */
  tint: string;
  accent: string;
}

export interface Variant {
  id: VariantId;
  basePath: string;
  country: CountryCode;
  currency: CurrencyCode;
  languages: readonly Language[];
  defaultLanguage: Language;
  /** IANA time zone of the country: "today", due dates and "as of" dates are its calendar days. */
  timeZone: string;
  /**
   * SEPA direct debit (provider 3) for agreements: the one IBAN country accepted and the
   * creditor identifier printed on the mandate; null where the variant offers no direct debit
   * (decision 027).
   */
  sepa: { ibanCountry: CountryCode; creditorId: string } | null;
  brand: { key: 'clarus' | 'paycare'; name: string; logo: string; theme: BrandTheme };
  loginMethods: readonly LoginMethod[];
  paymentProviders: readonly PaymentProviderId[];
  /** `hours`: when the phone line is open; `callbackHours`: when agents call debtors back (spec 9, decision 028). */
  support: { phone: string; phoneHref: string; email: string; hours: SupportHours; callbackHours: SupportHours };
  legal: LegalEntity;
}

/** The same opening and closing time on each ISO weekday from `first` to `last`. */
function weekdays(first: Weekday, last: Weekday, open: string, close: string): SupportHours['days'] {
  return Array.from({ length: last - first + 1 }, (_, i) => ({ weekday: (first + i) as Weekday, open, close }));
}

const supportHours: SupportHours = {
  days: [...weekdays(1, 4, '08:00', '17:00'), { weekday: 5, open: '08:00', close: '16:00' }],
};

/**
 * Callbacks (spec 9): Monday to Saturday from 08:00 in half-hour steps. Agents call back beyond
 * the phone line's hours, so that evening slots exist for people who work during the day; the
 * last slot starts half an hour before the end (decision 028).
 */
const callbackHours: SupportHours = {
  days: [...weekdays(1, 5, '08:00', '20:00'), { weekday: 6, open: '08:00', close: '14:00' }],
};

/**
 * The German SEPA scheme of the agency: German IBANs only (spec section 5) and the agency's
 * creditor identifier (a made-up one in the valid format: DE, check digits, "ZZZ", national id;
 * the real one comes from the Bundesbank).
 */
const germanSepa = { ibanCountry: 'DE' as const, creditorId: 'DE98ZZZ09999999999' };

const clarusTheme: BrandTheme = { primary: '#0b5f77', primaryDark: '#073f50', tint: '#e6f2f5', accent: '#c9821b' };
const paycareTheme: BrandTheme = { primary: '#5a3d8a', primaryDark: '#3d285f', tint: '#f0ebf7', accent: '#2f7d5b' };

const germanEntity: LegalEntity = {
  name: 'Clarus Inkasso GmbH',
  street: 'Hafenstraße 12',
  postalCode: '20457',
  city: 'Hamburg',
  country: 'DE',
  register: 'Amtsgericht Hamburg, HRB 190422',
  vatId: 'DE 318 442 907',
  managingDirectors: ['Dr. Miriam Albers', 'Jonas Petersen'],
  email: 'service@clarus-inkasso.example',
  supervisoryAuthority: {
    name: 'Bundesamt für Justiz',
    address: 'Adenauerallee 99–103, 53113 Bonn',
    web: 'https://www.bundesjustizamt.de',
  },
  dataProtectionOfficer: {
    name: 'Datenschutzbeauftragte der Clarus Inkasso GmbH',
    email: 'datenschutz@clarus-inkasso.example',
  },
};

/** The agency's own brand, shown by every portal but the sister brand's. */
const clarusBrand: Variant['brand'] = {
  key: 'clarus',
  name: 'Clarus Inkasso',
  logo: '/brand/clarus.svg',
  theme: clarusTheme,
};

/** The sign-in methods of every portal: the reference number, the password and the letter's link (bank identity is added per country). */
const letterLogins = ['reference', 'password', 'letterLink'] as const satisfies readonly LoginMethod[];

/** Germany as the agency's portal and the sister brand's both serve it: country, currency, languages, time zone, SEPA. */
const germanMarket = {
  country: 'DE',
  currency: 'EUR',
  languages: ['de', 'en', 'tr', 'es', 'it', 'fr'],
  defaultLanguage: 'de',
  timeZone: 'Europe/Berlin',
  sepa: germanSepa,
} as const satisfies Partial<Variant>;

export const variants: Record<VariantId, Variant> = {
  de: {
    id: 'de',
    basePath: '/serviceportal',
    ...germanMarket,
    brand: clarusBrand,
    loginMethods: letterLogins,
    paymentProviders: [1, 2, 3, 4, 5, 6, 7, 8, 9, 11],
    support: {
      phone: '040 6094 1100',
      phoneHref: '+494060941100',
      email: 'service@clarus-inkasso.example',
      hours: supportHours,
      callbackHours,
    },
    legal: germanEntity,
  },
  at: {
    id: 'at',
    basePath: '/serviceportal-at',
    country: 'AT',
    currency: 'EUR',
    languages: ['de', 'en', 'tr', 'it'],
    defaultLanguage: 'de',
    timeZone: 'Europe/Vienna',
    sepa: null,
    brand: clarusBrand,
    loginMethods: letterLogins,
    paymentProviders: [1, 2, 4, 5, 6],
    support: {
      phone: '01 253 0440',
      phoneHref: '+4312530440',
      email: 'service@clarus-inkasso.example',
      hours: supportHours,
      callbackHours,
    },
    legal: {
      name: 'Clarus Inkasso Österreich GmbH',
      street: 'Schottenring 16',
      postalCode: '1010',
      city: 'Wien',
      country: 'AT',
      register: 'Handelsgericht Wien, FN 512233 k',
      vatId: 'ATU 73318420',
      managingDirectors: ['Mag. Katharina Berger'],
      email: 'service.at@clarus-inkasso.example',
      supervisoryAuthority: {
        name: 'Magistrat der Stadt Wien, Magistratisches Bezirksamt für den 1. Bezirk (Gewerbebehörde)',
        address: 'Wipplingerstraße 8, 1010 Wien',
        web: 'https://www.wien.gv.at',
      },
      dataProtectionOfficer: {
        name: 'Datenschutzbeauftragter der Clarus Inkasso Österreich GmbH',
        email: 'datenschutz.at@clarus-inkasso.example',
      },
    },
  },
  ch: {
    id: 'ch',
    basePath: '/serviceportal-ch',
    country: 'CH',
    currency: 'CHF',
    languages: ['de', 'fr', 'it', 'en'],
    defaultLanguage: 'de',
    timeZone: 'Europe/Zurich',
    sepa: null,
    brand: clarusBrand,
    loginMethods: letterLogins,
    paymentProviders: [4, 6, 'twint'],
    support: {
      phone: '044 552 08 80',
      phoneHref: '+41445520880',
      email: 'service.ch@clarus-inkasso.example',
      hours: supportHours,
      callbackHours,
    },
    legal: {
      name: 'Clarus Inkasso AG',
      street: 'Löwenstrasse 29',
      postalCode: '8001',
      city: 'Zürich',
      country: 'CH',
      register: 'Handelsregister des Kantons Zürich, CHE-412.889.301',
      vatId: 'CHE-412.889.301 MWST',
      managingDirectors: ['Lukas Brunner'],
      email: 'service.ch@clarus-inkasso.example',
      supervisoryAuthority: {
        name: 'Eidgenössischer Datenschutz- und Öffentlichkeitsbeauftragter (EDÖB)',
        address: 'Feldeggweg 1, 3003 Bern',
        web: 'https://www.edoeb.admin.ch',
      },
      dataProtectionOfficer: {
        name: 'Datenschutzberaterin der Clarus Inkasso AG',
        email: 'datenschutz.ch@clarus-inkasso.example',
      },
      names: {
        fr: {
          register: 'Registre du commerce du canton de Zurich, CHE-412.889.301',
          supervisoryAuthority: 'Préposé fédéral à la protection des données et à la transparence (PFPDT)',
          dataProtectionOfficer: 'Conseillère à la protection des données de Clarus Inkasso AG',
        },
        it: {
          register: 'Registro di commercio del Cantone di Zurigo, CHE-412.889.301',
          supervisoryAuthority: 'Incaricato federale della protezione dei dati e della trasparenza (IFPDT)',
          dataProtectionOfficer: 'Consulente per la protezione dei dati di Clarus Inkasso AG',
        },
        en: {
          register: 'Commercial register of the Canton of Zurich, CHE-412.889.301',
          supervisoryAuthority: 'Federal Data Protection and Information Commissioner (FDPIC)',
          dataProtectionOfficer: 'Data protection advisor of Clarus Inkasso AG',
        },
      },
    },
  },
  se: {
    id: 'se',
    basePath: '/serviceportal-se',
    country: 'SE',
    currency: 'SEK',
    languages: ['sv', 'en', 'de'],
    defaultLanguage: 'sv',
    timeZone: 'Europe/Stockholm',
    sepa: null,
    brand: clarusBrand,
    loginMethods: [...letterLogins, 'bankIdSe'],
    paymentProviders: [4, 6, 'swish', 'openBanking'],
    support: {
      phone: '08 505 244 60',
      phoneHref: '+46850524460',
      email: 'kundservice.se@clarus-inkasso.example',
      hours: supportHours,
      callbackHours,
    },
    legal: {
      name: 'Clarus Inkasso Sverige AB',
      street: 'Kungsgatan 44',
      postalCode: '111 35',
      city: 'Stockholm',
      country: 'SE',
      register: 'Bolagsverket, org.nr 559301-4472',
      vatId: 'SE559301447201',
      managingDirectors: ['Elin Lindqvist'],
      email: 'kundservice.se@clarus-inkasso.example',
      supervisoryAuthority: {
        name: 'Integritetsskyddsmyndigheten (IMY)',
        address: 'Box 8114, 104 20 Stockholm',
        web: 'https://www.imy.se',
      },
      dataProtectionOfficer: {
        name: 'Dataskyddsombud, Clarus Inkasso Sverige AB',
        email: 'dataskydd.se@clarus-inkasso.example',
      },
      names: {
        en: {
          register: 'Swedish Companies Registration Office, reg. no. 559301-4472',
          supervisoryAuthority: 'Swedish Authority for Privacy Protection (IMY)',
          dataProtectionOfficer: 'Data protection officer, Clarus Inkasso Sverige AB',
        },
        de: {
          register: 'Bolagsverket (schwedisches Handelsregister), Org.-Nr. 559301-4472',
          supervisoryAuthority: 'Schwedische Datenschutzbehörde (Integritetsskyddsmyndigheten, IMY)',
          dataProtectionOfficer: 'Datenschutzbeauftragter der Clarus Inkasso Sverige AB',
        },
      },
    },
  },
  no: {
    id: 'no',
    basePath: '/serviceportal-no',
    country: 'NO',
    currency: 'NOK',
    languages: ['en', 'sv', 'de'],
    defaultLanguage: 'en',
    timeZone: 'Europe/Oslo',
    sepa: null,
    brand: clarusBrand,
    loginMethods: [...letterLogins, 'bankIdNo'],
    paymentProviders: [4, 6, 'noPaymentRequest'],
    support: {
      phone: '22 90 47 10',
      phoneHref: '+4722904710',
      email: 'kundeservice.no@clarus-inkasso.example',
      hours: supportHours,
      callbackHours,
    },
    legal: {
      name: 'Clarus Inkasso Norge AS',
      street: 'Karl Johans gate 21',
      postalCode: '0159',
      city: 'Oslo',
      country: 'NO',
      register: 'Foretaksregisteret, org.nr 925 118 402 MVA',
      vatId: 'NO925118402MVA',
      managingDirectors: ['Henrik Solberg'],
      email: 'kundeservice.no@clarus-inkasso.example',
      supervisoryAuthority: {
        name: 'Finanstilsynet',
        address: 'Revierstredet 3, 0151 Oslo',
        web: 'https://www.finanstilsynet.no',
      },
      dataProtectionOfficer: {
        name: 'Personvernombud, Clarus Inkasso Norge AS',
        email: 'personvern.no@clarus-inkasso.example',
      },
      names: {
        en: {
          register: 'Register of Business Enterprises, org. no. 925 118 402 MVA',
          supervisoryAuthority: 'Financial Supervisory Authority of Norway (Finanstilsynet)',
          dataProtectionOfficer: 'Data protection officer, Clarus Inkasso Norge AS',
        },
        sv: {
          register: 'Foretaksregisteret (norska företagsregistret), org.nr 925 118 402 MVA',
          supervisoryAuthority: 'Norska finansinspektionen (Finanstilsynet)',
          dataProtectionOfficer: 'Dataskyddsombud, Clarus Inkasso Norge AS',
        },
        de: {
          register: 'Foretaksregisteret (norwegisches Unternehmensregister), Org.-Nr. 925 118 402 MVA',
          supervisoryAuthority: 'Norwegische Finanzaufsicht (Finanstilsynet)',
          dataProtectionOfficer: 'Datenschutzbeauftragter der Clarus Inkasso Norge AS',
        },
      },
    },
  },
  paycare: {
    id: 'paycare',
    basePath: '/paycare',
    ...germanMarket,
    brand: { key: 'paycare', name: 'Paycare', logo: '/brand/paycare.svg', theme: paycareTheme },
    loginMethods: letterLogins,
    paymentProviders: [1, 2, 3, 4, 6],
    support: {
      phone: '040 6094 1200',
      phoneHref: '+494060941200',
      email: 'hilfe@paycare.example',
      hours: supportHours,
      callbackHours,
    },
    legal: {
      ...germanEntity,
      name: 'Paycare GmbH',
      register: 'Amtsgericht Hamburg, HRB 201876',
      vatId: 'DE 331 208 554',
      email: 'hilfe@paycare.example',
      dataProtectionOfficer: { name: 'Datenschutzbeauftragte der Paycare GmbH', email: 'datenschutz@paycare.example' },
    },
  },
};

export const variantIds = Object.keys(variants) as VariantId[];
export const defaultVariantId: VariantId = 'de';

/** The agency's legal entity with its names in the page's language, where they exist. */
export function legalEntityIn(variant: Pick<Variant, 'legal'>, language: Language): LegalEntity {
  const l = variant.legal;
  const names = l.names?.[language];
  if (!names) return l;
  return {
    ...l,
    register: names.register ?? l.register,
    supervisoryAuthority: {
      ...l.supervisoryAuthority,
      name: names.supervisoryAuthority ?? l.supervisoryAuthority.name,
    },
    dataProtectionOfficer: {
      ...l.dataProtectionOfficer,
      name: names.dataProtectionOfficer ?? l.dataProtectionOfficer.name,
    },
  };
}
