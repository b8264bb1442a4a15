/**
 * The words slot extraction listens for, per language, written in folded form (see text.ts:
 * lower case, no diacritics). Data, not logic: a word missing here is added here.
 */
import type { SlotLang, PaymentMethodSlot, TimeOfDay } from './types.ts';

export interface Lexicon {
  /** Month names and abbreviations → 1–12. */
  months: Record<string, number>;
  /** Weekday names → 0 (Sunday) … 6 (Saturday). */
  weekdays: Record<string, number>;
  /** Month names take suffixes (Turkish "aralıkta", "kasımın"). */
  monthSuffix: string;
  /** Weekday names take suffixes (Turkish "cumaya", Swedish "fredagen", German "freitags"). */
  weekdaySuffix: string;
  /** Days relative to today: "heute" 0, "morgen" 1, "gestern" -1 … */
  relativeDays: Record<string, number>;
  /** Phrases that are not the relative day although they contain it ("guten morgen"). */
  relativeDayExceptions: string[];
  /** Before a weekday: the coming one ("nächsten"); the last one ("letzten"). */
  nextBefore: string[];
  nextAfter: string[];
  lastBefore: string[];
  lastAfter: string[];
  /** Number words used in amounts and durations. */
  numberWords: Record<string, number>;
  /** Units of a duration ("in zwei Wochen"), singular and plural. */
  dayUnits: string[];
  weekUnits: string[];
  monthUnits: string[];
  /** "in" before a duration, or after it (Turkish "iki hafta sonra"). */
  durationBefore: string[];
  durationAfter: string[];
  /** "ago": the words before and after a duration in the past ("vor zwei Wochen", "two weeks ago"). */
  ago: [before: string, after: string];
  /** End / start / middle of this month, of next month, and before a month name. */
  endOfThisMonth: string[];
  endOfNextMonth: string[];
  endBeforeMonthName: string[];
  startOfNextMonth: string[];
  startBeforeMonthName: string[];
  middleOfThisMonth: string[];
  middleOfNextMonth: string[];
  middleBeforeMonthName: string[];
  /** "next month" after a day of the month ("am 15. nächsten Monats"). */
  nextMonth: string[];
  /** Cues before a bare day of the month ("am 15.", "on the 15th", "el 15"). */
  dayOfMonthBefore: string[];
  /** The day of the month needs the trailing dot or ordinal suffix after these cues (German "am 15."). */
  dayOfMonthNeedsOrdinal: boolean;
  ordinalSuffix: string;
  /** Ordinal words for the first of the month. */
  firstOfMonth: string[];
  /** Cues that an amount is per month (a rate). */
  monthly: string[];
  /** Cues before an amount that make it the instalment ("Raten von 50"). */
  rateBefore: string[];
  /** Cues that an amount is the total owed, not a rate or a payment. */
  totalBefore: string[];
  totalAfter: string[];
  /** Nouns that make a bare number a count, not an amount ("6 Raten", "3 Monate"). */
  countNouns: string[];
  /** Currency words and symbols after or before a number. */
  currencies: string[];
  /** Time of day. */
  times: Record<TimeOfDay, string[]>;
  /** Before an hour ("um 10", "at 10", "a las 10"); after it ("10 Uhr"). */
  hourBefore: string[];
  hourAfter: string[];
  /** Payment methods (checked in the order of the record: instant before transfer). */
  methods: Record<PaymentMethodSlot, string[]>;
}

const universalMethods: Record<PaymentMethodSlot, string[]> = {
  instant: ['sofortuberweisung', 'sofort-uberweisung', 'sofort uberweisung', 'sofortueberweisung', 'klarna', 'giropay', 'trustly', 'open banking', 'finapi'],
  wallet: ['paypal', 'pay pal', 'apple pay', 'applepay', 'google pay', 'googlepay', 'gpay', 'amazon pay', 'swish', 'twint', 'vipps', 'mobilepay', 'wallet'],
  card: ['visa', 'mastercard', 'master card', 'amex', 'american express', 'maestro', 'girocard', 'ec-karte', 'ec karte', 'debitkarte'],
  cash: ['barzahlen', 'viacash', 'paysafecash'],
  sepa: ['sepa', 'sepa-lastschrift', 'sepa lastschrift'],
  transfer: ['iban'],
};

function withUniversal(methods: Record<PaymentMethodSlot, string[]>): Record<PaymentMethodSlot, string[]> {
  return {
    instant: [...universalMethods.instant, ...methods.instant],
    wallet: [...universalMethods.wallet, ...methods.wallet],
    sepa: [...universalMethods.sepa, ...methods.sepa],
    cash: [...universalMethods.cash, ...methods.cash],
    card: [...universalMethods.card, ...methods.card],
    transfer: [...methods.transfer],
  };
}

const commonCurrencies = ['€', 'eur', 'euro', 'euros', 'eu', 'chf', 'sek', 'nok', 'kr', 'kr.', 'kronor', 'kroner', 'kronen', 'franken', 'fr.', 'sfr', 'sfr.'];

const de: Lexicon = {
  months: {
    januar: 1, jan: 1, janner: 1, februar: 2, feb: 2, marz: 3, maerz: 3, mar: 3, april: 4, apr: 4, mai: 5, juni: 6, jun: 6, juli: 7, jul: 7,
    august: 8, aug: 8, september: 9, sep: 9, sept: 9, oktober: 10, okt: 10, november: 11, nov: 11, dezember: 12, dez: 12,
  },
  weekdays: { sonntag: 0, montag: 1, dienstag: 2, mittwoch: 3, donnerstag: 4, freitag: 5, samstag: 6, sonnabend: 6 },
  monthSuffix: '',
  weekdaySuffix: '(?:s|e|en)?',
  relativeDays: { heute: 0, morgen: 1, ubermorgen: 2, uebermorgen: 2, gestern: -1, vorgestern: -2 },
  relativeDayExceptions: ['guten morgen', 'gutenmorgen', 'am morgen', 'jeden morgen'],
  nextBefore: ['nachsten', 'nachster', 'nachste', 'naechsten', 'kommenden', 'kommender', 'diesen', 'dieser', 'am kommenden'],
  nextAfter: ['nachste woche', 'in der nachsten woche'],
  lastBefore: ['letzten', 'letzter', 'letzte', 'vergangenen', 'vergangener', 'vorigen', 'voriger'],
  lastAfter: ['letzte woche', 'vergangene woche'],
  numberWords: {
    ein: 1, eine: 1, einer: 1, einem: 1, einen: 1, eins: 1, zwei: 2, drei: 3, vier: 4, funf: 5, fuenf: 5, sechs: 6, sieben: 7, acht: 8, neun: 9, zehn: 10,
    elf: 11, zwolf: 12, zwanzig: 20, dreissig: 30, vierzig: 40, funfzig: 50, fuenfzig: 50, sechzig: 60, siebzig: 70, achtzig: 80, neunzig: 90,
    hundert: 100, einhundert: 100, zweihundert: 200, dreihundert: 300, vierhundert: 400, funfhundert: 500, tausend: 1000, eintausend: 1000,
  },
  dayUnits: ['tag', 'tage', 'tagen'],
  weekUnits: ['woche', 'wochen'],
  monthUnits: ['monat', 'monate', 'monaten'],
  durationBefore: ['in', 'nach', 'binnen'],
  durationAfter: [],
  ago: ['vor', ''],
  endOfThisMonth: ['ende des monats', 'ende dieses monats', 'ende diesen monats', 'ende monat', 'monatsende', 'zum monatsende', 'am monatsende', 'ende des monat', 'ende vom monat'],
  endOfNextMonth: ['ende nachsten monats', 'ende des nachsten monats', 'ende nachster monat', 'ende kommenden monats'],
  endBeforeMonthName: ['ende', 'zum ende', 'bis ende'],
  startOfNextMonth: ['anfang nachsten monats', 'anfang des nachsten monats', 'anfang nachster monat', 'zum monatsanfang', 'anfang kommenden monats', 'monatsanfang'],
  startBeforeMonthName: ['anfang', 'ab anfang', 'zum anfang'],
  middleOfThisMonth: ['mitte des monats', 'mitte dieses monats', 'mitte monat', 'monatsmitte'],
  middleOfNextMonth: ['mitte nachsten monats', 'mitte des nachsten monats', 'mitte nachster monat'],
  middleBeforeMonthName: ['mitte'],
  nextMonth: ['nachsten monats', 'des nachsten monats', 'im nachsten monat', 'nachsten monat', 'kommenden monats'],
  dayOfMonthBefore: ['am', 'zum', 'ab dem', 'ab', 'bis zum', 'bis', 'den', 'dem', 'vom', 'jeweils am', 'jeden', 'immer am', 'spatestens am', 'spatestens'],
  dayOfMonthNeedsOrdinal: true,
  ordinalSuffix: '\\.',
  firstOfMonth: ['am ersten', 'zum ersten', 'ab dem ersten', 'jeden ersten'],
  monthly: ['im monat', 'pro monat', 'monatlich', 'mtl', 'mtl.', 'monatl.', 'jeden monat', '/monat', '/ monat', 'im mon', 'je monat', 'pro mon', 'monatsrate', 'monatsraten', 'monatliche', 'monatlichen', 'p.m.', 'pm', 'als rate', 'als raten', 'rate', 'raten'],
  rateBefore: ['raten von', 'raten zu', 'raten a', 'rate von', 'rate zu', 'rate a', 'raten in hohe von', 'rate in hohe von', 'ratenhohe von', 'ratenhohe', 'monatsrate von', 'monatlich', 'je', 'a'],
  totalBefore: ['schulde', 'schulden', 'insgesamt', 'gesamt', 'gesamtbetrag', 'offen sind', 'offene', 'die ganzen', 'die vollen', 'die kompletten', 'forderung von', 'forderung uber', 'rechnung von', 'rechnung uber', 'summe von', 'von den', 'von meinen', 'die', 'den betrag von', 'betrag von'],
  totalAfter: ['in raten', 'in mehreren raten', 'abstottern', 'abzahlen', 'schulde', 'schulden', 'offen', 'insgesamt', 'gesamt', 'forderung'],
  countNouns: ['raten', 'monate', 'monaten', 'wochen', 'tage', 'tagen', 'jahre', 'jahren', 'kinder', 'mal', 'teilzahlungen', 'teile', 'teilen', 'uhr', 'prozent', '%'],
  currencies: commonCurrencies,
  times: {
    morning: ['morgens', 'vormittags', 'vormittag', 'am vormittag', 'fruh', 'in der fruh', 'am morgen', 'fruhmorgens'],
    noon: ['mittags', 'mittag', 'mittagszeit', 'in der mittagspause', 'mittagspause', 'zur mittagszeit'],
    afternoon: ['nachmittags', 'nachmittag', 'am nachmittag'],
    evening: ['abends', 'abend', 'am abend', 'feierabend', 'nach der arbeit'],
  },
  hourBefore: ['um', 'gegen', 'ab', 'nach', 'vor'],
  hourAfter: ['uhr', 'h'],
  methods: withUniversal({
    instant: ['echtzeituberweisung', 'echtzeit-uberweisung', 'instant-uberweisung', 'sofortige uberweisung'],
    wallet: [],
    sepa: ['lastschrift', 'bankeinzug', 'einzugsermachtigung', 'abbuchung', 'abbuchen', 'einziehen', 'lastschriftverfahren', 'per einzug', 'abbuchungsauftrag'],
    cash: ['bar', 'bargeld', 'in bar', 'barzahlung', 'an der kasse', 'im supermarkt'],
    card: ['karte', 'kreditkarte', 'kredit karte', 'mit karte', 'bankkarte', 'debit karte'],
    transfer: ['uberweisung', 'uberweisen', 'ueberweisung', 'ueberweisen', 'uberweise', 'banktransfer', 'bankuberweisung', 'per bank'],
  }),
};

const en: Lexicon = {
  months: {
    january: 1, jan: 1, february: 2, feb: 2, march: 3, mar: 3, april: 4, apr: 4, may: 5, june: 6, jun: 6, july: 7, jul: 7, august: 8, aug: 8,
    september: 9, sep: 9, sept: 9, october: 10, oct: 10, november: 11, nov: 11, december: 12, dec: 12,
  },
  weekdays: { sunday: 0, monday: 1, tuesday: 2, wednesday: 3, thursday: 4, friday: 5, saturday: 6, mon: 1, tue: 2, tues: 2, wed: 3, thu: 4, thur: 4, thurs: 4, fri: 5, sat: 6 },
  monthSuffix: '',
  weekdaySuffix: '(?:s)?',
  relativeDays: { today: 0, tomorrow: 1, tmrw: 1, tmr: 1, 'day after tomorrow': 2, yesterday: -1, 'day before yesterday': -2 },
  relativeDayExceptions: [],
  nextBefore: ['next', 'this coming', 'coming', 'this', 'on'],
  nextAfter: ['next week'],
  lastBefore: ['last', 'past', 'previous'],
  lastAfter: ['last week'],
  numberWords: {
    a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, twenty: 20, thirty: 30,
    forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90, hundred: 100, 'a hundred': 100, 'one hundred': 100, 'two hundred': 200,
    'three hundred': 300, 'five hundred': 500, thousand: 1000, 'a thousand': 1000, couple: 2, 'a couple of': 2, few: 3,
  },
  dayUnits: ['day', 'days'],
  weekUnits: ['week', 'weeks'],
  monthUnits: ['month', 'months'],
  durationBefore: ['in', 'within', 'after'],
  durationAfter: ['from now', 'later'],
  ago: ['', 'ago'],
  endOfThisMonth: ['end of the month', 'end of month', 'end of this month', 'the end of the month', 'month end', 'month-end', 'eom'],
  endOfNextMonth: ['end of next month', 'end of the next month', 'the end of next month'],
  endBeforeMonthName: ['end of', 'the end of', 'late'],
  startOfNextMonth: ['beginning of next month', 'start of next month', 'beginning of the next month', 'start of the next month', 'early next month'],
  startBeforeMonthName: ['beginning of', 'start of', 'early', 'the beginning of', 'the start of'],
  middleOfThisMonth: ['middle of the month', 'mid month', 'mid-month', 'middle of this month'],
  middleOfNextMonth: ['middle of next month', 'mid next month', 'mid-next month'],
  middleBeforeMonthName: ['mid', 'mid-', 'middle of', 'the middle of'],
  nextMonth: ['next month', 'of next month', 'of the next month'],
  dayOfMonthBefore: ['on the', 'by the', 'from the', 'until the', 'till the', 'starting the', 'starting on the', 'before the'],
  dayOfMonthNeedsOrdinal: false,
  ordinalSuffix: '(?:st|nd|rd|th)',
  firstOfMonth: ['on the first', 'the first of', 'from the first', 'by the first'],
  monthly: ['a month', 'per month', 'monthly', 'each month', 'every month', '/month', '/ month', 'a mo', 'per mo', '/mo', 'pm', 'p/m', 'p.m.', 'a months', 'month'],
  rateBefore: ['instalments of', 'installments of', 'installment of', 'instalment of', 'payments of', 'rates of', 'monthly payments of', 'monthly payment of', 'monthly'],
  totalBefore: ['owe', 'owe you', 'total of', 'total', 'in total', 'whole', 'the whole', 'the full', 'full', 'the entire', 'bill of', 'debt of', 'balance of', 'the', 'of the', 'out of', 'of my', 'claim of'],
  totalAfter: ['in installments', 'in instalments', 'in monthly', 'over time', 'i owe', 'owed', 'total', 'in total', 'debt'],
  countNouns: ['installments', 'instalments', 'payments', 'months', 'weeks', 'days', 'years', 'kids', 'children', 'times', 'parts', 'rates', 'o clock', "o'clock", 'am', 'pm', 'percent', '%'],
  currencies: [...commonCurrencies, 'bucks', 'quid', 'dollars', 'usd', 'pounds', '$', '£'],
  times: {
    morning: ['morning', 'mornings', 'in the morning', 'early'],
    noon: ['noon', 'midday', 'lunch', 'lunchtime', 'lunch time', 'at lunch', 'around noon'],
    afternoon: ['afternoon', 'afternoons', 'in the afternoon', 'after lunch'],
    evening: ['evening', 'evenings', 'in the evening', 'tonight', 'after work', 'night'],
  },
  hourBefore: ['at', 'around', 'after', 'before', 'from'],
  hourAfter: ['am', 'pm', 'a.m.', 'p.m.', "o'clock", 'oclock', 'h'],
  methods: withUniversal({
    instant: ['instant transfer', 'instant bank transfer', 'instant payment'],
    wallet: ['e-wallet', 'digital wallet'],
    sepa: ['direct debit', 'debit order', 'standing order', 'automatic debit', 'auto debit', 'autopay'],
    cash: ['cash', 'in cash'],
    card: ['card', 'credit card', 'debit card', 'my card', 'by card', 'creditcard'],
    transfer: ['bank transfer', 'wire transfer', 'transfer', 'wire', 'bank wire', 'transfering'],
  }),
};

const es: Lexicon = {
  months: {
    enero: 1, ene: 1, febrero: 2, feb: 2, marzo: 3, mar: 3, abril: 4, abr: 4, mayo: 5, junio: 6, jun: 6, julio: 7, jul: 7, agosto: 8, ago: 8,
    septiembre: 9, setiembre: 9, sep: 9, sept: 9, octubre: 10, oct: 10, noviembre: 11, nov: 11, diciembre: 12, dic: 12,
  },
  weekdays: { domingo: 0, lunes: 1, martes: 2, miercoles: 3, jueves: 4, viernes: 5, sabado: 6 },
  monthSuffix: '',
  weekdaySuffix: '',
  relativeDays: { hoy: 0, manana: 1, 'pasado manana': 2, ayer: -1, anteayer: -2, 'antes de ayer': -2, antier: -2 },
  relativeDayExceptions: ['por la manana', 'de la manana', 'en la manana', 'las mananas', 'buenos dias'],
  nextBefore: ['el proximo', 'proximo', 'este', 'el', 'el siguiente'],
  nextAfter: ['que viene', 'proximo', 'de la semana que viene', 'de la proxima semana'],
  lastBefore: ['el pasado', 'pasado', 'el ultimo'],
  lastAfter: ['pasado', 'de la semana pasada'],
  numberWords: {
    un: 1, una: 1, uno: 1, dos: 2, tres: 3, cuatro: 4, cinco: 5, seis: 6, siete: 7, ocho: 8, nueve: 9, diez: 10, once: 11, doce: 12, veinte: 20,
    treinta: 30, cuarenta: 40, cincuenta: 50, sesenta: 60, setenta: 70, ochenta: 80, noventa: 90, cien: 100, ciento: 100, doscientos: 200,
    trescientos: 300, quinientos: 500, mil: 1000, quince: 15,
  },
  dayUnits: ['dia', 'dias'],
  weekUnits: ['semana', 'semanas'],
  monthUnits: ['mes', 'meses'],
  durationBefore: ['en', 'dentro de', 'de aqui a', 'despues de'],
  durationAfter: [],
  ago: ['hace', ''],
  endOfThisMonth: ['fin de mes', 'final de mes', 'finales de mes', 'a fin de mes', 'al final del mes', 'a finales de mes', 'fin del mes', 'finales del mes', 'a fines de mes', 'final del mes'],
  endOfNextMonth: ['fin del mes que viene', 'final del mes que viene', 'finales del mes que viene', 'fin del proximo mes', 'finales del proximo mes', 'final del proximo mes'],
  endBeforeMonthName: ['finales de', 'fin de', 'final de', 'a finales de', 'a fin de', 'fines de'],
  startOfNextMonth: ['principios del mes que viene', 'principio del mes que viene', 'inicio del mes que viene', 'principios del proximo mes', 'a principios del mes que viene', 'comienzos del mes que viene', 'inicios del proximo mes'],
  startBeforeMonthName: ['principios de', 'a principios de', 'inicio de', 'inicios de', 'comienzos de', 'principio de'],
  middleOfThisMonth: ['mediados de mes', 'a mediados de mes', 'mediados del mes', 'mitad de mes'],
  middleOfNextMonth: ['mediados del mes que viene', 'mediados del proximo mes', 'a mediados del mes que viene'],
  middleBeforeMonthName: ['mediados de', 'a mediados de'],
  nextMonth: ['del mes que viene', 'del proximo mes', 'del mes siguiente', 'el mes que viene', 'el proximo mes'],
  dayOfMonthBefore: ['el', 'el dia', 'dia', 'a partir del', 'a partir del dia', 'desde el', 'hasta el', 'antes del', 'para el', 'cada', 'los dias'],
  dayOfMonthNeedsOrdinal: false,
  ordinalSuffix: '(?:o|º)',
  firstOfMonth: ['el primero', 'el dia primero', 'a partir del primero', 'el uno de cada mes'],
  monthly: ['al mes', 'por mes', 'mensual', 'mensuales', 'cada mes', 'mensualmente', '/mes', '/ mes', 'de mensualidad', 'mensualidad', 'mensualidades', 'cuota', 'cuotas'],
  rateBefore: ['cuotas de', 'cuota de', 'mensualidades de', 'mensualidad de', 'plazos de', 'pagos de', 'pagos mensuales de', 'a razon de'],
  totalBefore: ['debo', 'debe', 'deuda de', 'total de', 'en total', 'el total', 'los', 'las', 'todo', 'toda la deuda de', 'factura de', 'importe de', 'de los', 'de mis'],
  totalAfter: ['en cuotas', 'a plazos', 'en plazos', 'que debo', 'de deuda', 'en total', 'en varios pagos'],
  countNouns: ['cuotas', 'plazos', 'meses', 'semanas', 'dias', 'anos', 'hijos', 'veces', 'pagos', 'mensualidades', 'horas', 'por ciento', '%'],
  currencies: [...commonCurrencies, 'pavos', 'coronas', 'francos'],
  times: {
    morning: ['por la manana', 'en la manana', 'de la manana', 'las mananas', 'temprano'],
    noon: ['mediodia', 'al mediodia', 'a mediodia', 'hora de comer', 'hora del almuerzo', 'a la hora de comer'],
    afternoon: ['por la tarde', 'en la tarde', 'de la tarde', 'las tardes', 'tarde'],
    evening: ['por la noche', 'en la noche', 'de la noche', 'noche', 'al anochecer', 'despues del trabajo'],
  },
  hourBefore: ['a las', 'a la', 'sobre las', 'hacia las', 'despues de las', 'antes de las', 'desde las'],
  hourAfter: ['h', 'horas'],
  methods: withUniversal({
    instant: ['transferencia inmediata', 'transferencia instantanea', 'bizum'],
    wallet: ['monedero'],
    sepa: ['domiciliacion', 'domiciliacion bancaria', 'adeudo directo', 'debito directo', 'recibo domiciliado', 'cargo en cuenta'],
    cash: ['efectivo', 'en efectivo', 'metalico', 'en metalico'],
    card: ['tarjeta', 'tarjeta de credito', 'tarjeta de debito', 'con tarjeta'],
    transfer: ['transferencia', 'transferencia bancaria', 'por banco', 'giro bancario', 'transfiero', 'transferir', 'por transferencia'],
  }),
};

const fr: Lexicon = {
  months: {
    janvier: 1, janv: 1, fevrier: 2, fevr: 2, fev: 2, mars: 3, avril: 4, avr: 4, mai: 5, juin: 6, juillet: 7, juil: 7, aout: 8, septembre: 9, sept: 9,
    octobre: 10, oct: 10, novembre: 11, nov: 11, decembre: 12, dec: 12,
  },
  weekdays: { dimanche: 0, lundi: 1, mardi: 2, mercredi: 3, jeudi: 4, vendredi: 5, samedi: 6 },
  monthSuffix: '',
  weekdaySuffix: '',
  relativeDays: { "aujourd'hui": 0, aujourdhui: 0, "aujourd hui": 0, auj: 0, demain: 1, 'apres-demain': 2, 'apres demain': 2, hier: -1, 'avant-hier': -2, 'avant hier': -2 },
  relativeDayExceptions: [],
  nextBefore: ['ce', 'le', 'ce prochain'],
  nextAfter: ['prochain', 'qui vient', 'de la semaine prochaine', 'en huit'],
  lastBefore: ['le dernier'],
  lastAfter: ['dernier', 'passe', 'de la semaine derniere'],
  numberWords: {
    un: 1, une: 1, deux: 2, trois: 3, quatre: 4, cinq: 5, six: 6, sept: 7, huit: 8, neuf: 9, dix: 10, onze: 11, douze: 12, quinze: 15, vingt: 20,
    trente: 30, quarante: 40, cinquante: 50, soixante: 60, 'soixante-dix': 70, 'quatre-vingt': 80, 'quatre-vingts': 80, 'quatre-vingt-dix': 90,
    cent: 100, 'deux cents': 200, 'trois cents': 300, 'cinq cents': 500, mille: 1000,
  },
  dayUnits: ['jour', 'jours'],
  weekUnits: ['semaine', 'semaines'],
  monthUnits: ['mois'],
  durationBefore: ['dans', "d'ici", 'sous', 'apres'],
  durationAfter: [],
  ago: ['il y a', ''],
  endOfThisMonth: ['fin du mois', 'a la fin du mois', 'fin de mois', 'en fin de mois', 'la fin du mois', 'fin de ce mois'],
  endOfNextMonth: ['fin du mois prochain', 'a la fin du mois prochain', 'fin du mois suivant'],
  endBeforeMonthName: ['fin', 'a la fin de', 'fin de', 'a la fin', 'en fin de'],
  startOfNextMonth: ['debut du mois prochain', 'au debut du mois prochain', 'debut de mois prochain', 'debut du mois suivant'],
  startBeforeMonthName: ['debut', 'au debut de', 'debut de', 'des le debut de'],
  middleOfThisMonth: ['mi-mois', 'mi mois', 'milieu du mois', 'au milieu du mois', 'a la mi-mois'],
  middleOfNextMonth: ['milieu du mois prochain', 'mi-mois prochain', 'a la mi-mois prochain'],
  middleBeforeMonthName: ['mi-', 'mi', 'a la mi-', 'a la mi', 'milieu de', 'mi -'],
  nextMonth: ['du mois prochain', 'le mois prochain', 'du mois suivant'],
  dayOfMonthBefore: ['le', 'a partir du', 'des le', 'avant le', "jusqu'au", 'pour le', 'au', 'chaque', 'tous les'],
  dayOfMonthNeedsOrdinal: false,
  ordinalSuffix: '(?:er|e|eme)',
  firstOfMonth: ['le premier', 'le 1er', 'a partir du premier', 'au premier'],
  monthly: ['par mois', 'mensuel', 'mensuels', 'mensuelle', 'mensuelles', 'chaque mois', 'tous les mois', '/mois', '/ mois', 'mensuellement', 'mensualite', 'mensualites', 'le mois'],
  rateBefore: ['mensualites de', 'mensualite de', 'versements de', 'echeances de', 'paiements de', 'tranches de'],
  totalBefore: ['je dois', 'dois', 'dette de', 'total de', 'au total', 'en tout', 'les', 'la totalite des', 'facture de', 'montant de', 'somme de', 'sur les', 'des'],
  totalAfter: ['en plusieurs fois', 'en mensualites', 'que je dois', 'de dette', 'au total', 'en tout', 'en plusieurs versements'],
  countNouns: ['mensualites', 'fois', 'mois', 'semaines', 'jours', 'ans', 'annees', 'enfants', 'versements', 'echeances', 'heures', 'pour cent', '%'],
  currencies: [...commonCurrencies, 'balles', 'francs', 'couronnes'],
  times: {
    morning: ['le matin', 'matin', 'dans la matinee', 'matinee', 'en matinee', 'tot'],
    noon: ['midi', 'a midi', 'vers midi', "a l'heure du dejeuner", 'pause dejeuner', 'pause de midi', 'heure du dejeuner'],
    afternoon: ["l'apres-midi", "l'apres midi", 'apres-midi', 'apres midi', 'dans l apres-midi'],
    evening: ['le soir', 'soir', 'en soiree', 'soiree', 'ce soir', 'apres le travail'],
  },
  hourBefore: ['a', 'vers', 'apres', 'avant', 'des'],
  hourAfter: ['h', 'heures', 'heure'],
  methods: withUniversal({
    instant: ['virement instantane', 'virement immediat'],
    wallet: ['portefeuille electronique', 'lydia'],
    sepa: ['prelevement', 'prelevement automatique', 'prelevement sepa', 'domiciliation'],
    cash: ['especes', 'en especes', 'liquide', 'en liquide', 'cash'],
    card: ['carte', 'carte bancaire', 'carte bleue', 'cb', 'carte de credit', 'par carte'],
    transfer: ['virement', 'virement bancaire', 'par virement'],
  }),
};

const it: Lexicon = {
  months: {
    gennaio: 1, gen: 1, febbraio: 2, feb: 2, marzo: 3, mar: 3, aprile: 4, apr: 4, maggio: 5, mag: 5, giugno: 6, giu: 6, luglio: 7, lug: 7,
    agosto: 8, ago: 8, settembre: 9, set: 9, sett: 9, ottobre: 10, ott: 10, novembre: 11, nov: 11, dicembre: 12, dic: 12,
  },
  weekdays: { domenica: 0, lunedi: 1, martedi: 2, mercoledi: 3, giovedi: 4, venerdi: 5, sabato: 6 },
  monthSuffix: '',
  weekdaySuffix: '',
  relativeDays: { oggi: 0, domani: 1, dopodomani: 2, ieri: -1, "l'altro ieri": -2, altroieri: -2, "l'altroieri": -2 },
  relativeDayExceptions: [],
  nextBefore: ['il prossimo', 'prossimo', 'questo', 'il', 'la prossima', 'prossima', 'questa'],
  nextAfter: ['prossimo', 'prossima', 'che viene', 'della prossima settimana'],
  lastBefore: ['lo scorso', 'scorso', 'la scorsa', 'scorsa'],
  lastAfter: ['scorso', 'scorsa', 'passato', 'passata', 'della settimana scorsa'],
  numberWords: {
    un: 1, uno: 1, una: 1, due: 2, tre: 3, quattro: 4, cinque: 5, sei: 6, sette: 7, otto: 8, nove: 9, dieci: 10, undici: 11, dodici: 12, quindici: 15,
    venti: 20, trenta: 30, quaranta: 40, cinquanta: 50, sessanta: 60, settanta: 70, ottanta: 80, novanta: 90, cento: 100, duecento: 200,
    trecento: 300, cinquecento: 500, mille: 1000,
  },
  dayUnits: ['giorno', 'giorni'],
  weekUnits: ['settimana', 'settimane'],
  monthUnits: ['mese', 'mesi'],
  durationBefore: ['tra', 'fra', 'entro', 'dopo'],
  durationAfter: [],
  ago: ['', 'fa'],
  endOfThisMonth: ['fine mese', 'a fine mese', 'alla fine del mese', 'fine del mese', 'entro fine mese', 'fine di questo mese'],
  endOfNextMonth: ['fine del mese prossimo', 'alla fine del mese prossimo', 'fine mese prossimo', 'fine del prossimo mese'],
  endBeforeMonthName: ['fine', 'a fine', 'alla fine di', 'entro fine', 'fine di'],
  startOfNextMonth: ['inizio del mese prossimo', "all'inizio del mese prossimo", 'inizio mese prossimo', 'inizio del prossimo mese', "all'inizio del prossimo mese"],
  startBeforeMonthName: ['inizio', 'a inizio', "all'inizio di", 'inizio di', 'ai primi di', 'primi di'],
  middleOfThisMonth: ['meta mese', 'a meta mese', 'meta del mese', 'a meta del mese'],
  middleOfNextMonth: ['meta del mese prossimo', 'a meta del mese prossimo', 'meta del prossimo mese'],
  middleBeforeMonthName: ['meta', 'a meta', 'meta di', 'a meta di'],
  nextMonth: ['del mese prossimo', 'il mese prossimo', 'del prossimo mese'],
  dayOfMonthBefore: ['il', 'entro il', 'dal', 'a partire dal', 'fino al', 'per il', 'ogni', 'prima del', 'al'],
  dayOfMonthNeedsOrdinal: false,
  ordinalSuffix: '(?:o|º)',
  firstOfMonth: ['il primo', "l'1", 'dal primo', 'a partire dal primo', 'entro il primo'],
  monthly: ['al mese', 'mensili', 'mensile', 'ogni mese', 'mensilmente', '/mese', '/ mese', 'per mese', 'rata mensile', 'rate mensili', 'a rata', 'rata', 'rate'],
  rateBefore: ['rate da', 'rata da', 'rate di', 'rata di', 'rate mensili da', 'rate mensili di', 'versamenti da', 'pagamenti da', 'pagamenti di'],
  totalBefore: ['devo', 'debito di', 'totale di', 'in totale', 'il totale', 'i', 'tutti i', 'fattura di', 'importo di', 'somma di', 'dei', 'su'],
  totalAfter: ['a rate', 'in rate', 'che devo', 'di debito', 'in totale', 'in piu rate'],
  countNouns: ['rate', 'mesi', 'settimane', 'giorni', 'anni', 'figli', 'volte', 'versamenti', 'ore', 'per cento', '%'],
  currencies: [...commonCurrencies, 'franchi', 'corone'],
  times: {
    morning: ['la mattina', 'mattina', 'di mattina', 'in mattinata', 'mattinata', 'al mattino', 'mattino', 'presto'],
    noon: ['mezzogiorno', 'a mezzogiorno', 'ora di pranzo', "all'ora di pranzo", 'pausa pranzo', 'pranzo'],
    afternoon: ['il pomeriggio', 'pomeriggio', 'di pomeriggio', 'nel pomeriggio'],
    evening: ['la sera', 'sera', 'di sera', 'stasera', 'in serata', 'serata', 'dopo il lavoro'],
  },
  hourBefore: ['alle', 'verso le', 'dopo le', 'prima delle', 'dalle'],
  hourAfter: ['h'],
  methods: withUniversal({
    instant: ['bonifico istantaneo', 'bonifico immediato'],
    wallet: ['satispay', 'portafoglio digitale'],
    sepa: ['addebito diretto', 'addebito sepa', 'rid', 'domiciliazione', 'addebito in conto'],
    cash: ['contanti', 'in contanti', 'cash'],
    card: ['carta', 'carta di credito', 'carta di debito', 'bancomat', 'con carta', 'postepay'],
    transfer: ['bonifico', 'bonifico bancario', 'con bonifico'],
  }),
};

const tr: Lexicon = {
  months: {
    ocak: 1, subat: 2, mart: 3, nisan: 4, mayis: 5, haziran: 6, temmuz: 7, agustos: 8, eylul: 9, ekim: 10, kasim: 11, aralik: 12,
  },
  weekdays: { pazar: 0, pazartesi: 1, sali: 2, carsamba: 3, persembe: 4, cuma: 5, cumartesi: 6 },
  monthSuffix: "(?:'?(?:nda|nde|inda|inde|unda|unde|ta|te|da|de|in|un|a|e|i|u))?",
  weekdaySuffix: "(?:'?(?:ya|ye|da|de|ta|te|yi|yi|gunu|gunu|gunune|gununde|a|e|dan|den))?",
  relativeDays: { bugun: 0, yarin: 1, 'obur gun': 2, obugun: 2, dun: -1, 'evvelsi gun': -2, 'onceki gun': -2 },
  relativeDayExceptions: ['gunaydin'],
  nextBefore: ['gelecek', 'onumuzdeki', 'haftaya', 'bu', 'bu hafta'],
  nextAfter: [],
  lastBefore: ['gecen', 'gecen hafta', 'gectigimiz'],
  lastAfter: [],
  numberWords: {
    bir: 1, iki: 2, uc: 3, dort: 4, bes: 5, alti: 6, yedi: 7, sekiz: 8, dokuz: 9, on: 10, onbes: 15, 'on bes': 15, yirmi: 20, otuz: 30, kirk: 40,
    elli: 50, altmis: 60, yetmis: 70, seksen: 80, doksan: 90, yuz: 100, 'iki yuz': 200, ikiyuz: 200, 'uc yuz': 300, 'bes yuz': 500, besyuz: 500, bin: 1000,
  },
  dayUnits: ['gun'],
  weekUnits: ['hafta'],
  monthUnits: ['ay'],
  durationBefore: [],
  durationAfter: ['sonra', 'icinde', 'icerisinde'],
  ago: ['', 'once'],
  endOfThisMonth: ['ay sonu', 'ay sonunda', 'ayin sonunda', 'ayin sonu', 'bu ayin sonunda', 'ay sonuna kadar', 'ayin sonuna kadar', 'ay sonuna'],
  endOfNextMonth: ['gelecek ayin sonunda', 'gelecek ay sonu', 'onumuzdeki ayin sonunda', 'gelecek ay sonunda', 'seneye'],
  endBeforeMonthName: [],
  startOfNextMonth: ['gelecek ayin basinda', 'onumuzdeki ayin basinda', 'gelecek ay basi', 'ay basinda', 'ay basi', 'gelecek ay basinda'],
  startBeforeMonthName: [],
  middleOfThisMonth: ['ayin ortasinda', 'ay ortasinda', 'ay ortasi'],
  middleOfNextMonth: ['gelecek ayin ortasinda', 'onumuzdeki ayin ortasinda'],
  middleBeforeMonthName: [],
  nextMonth: ['gelecek ayin', 'onumuzdeki ayin', 'haftaya ayin'],
  dayOfMonthBefore: ['ayin'],
  dayOfMonthNeedsOrdinal: false,
  ordinalSuffix: "(?:'?(?:si|i|u|ü|inde|sinde|unda|sunda|unde|sunde|ında|de|da|te|ta|ne|na|ine|una|ye|ya))",
  firstOfMonth: ['ayin biri', 'ayin birinde', 'ayin ilk gunu', 'ayin 1i'],
  monthly: ['ayda', 'aylik', 'her ay', 'aylik olarak', 'ayliga', '/ay', '/ ay', 'ay ay', 'taksit', 'taksitle', 'taksitler', 'taksit olarak'],
  rateBefore: ['aylik', 'ayda', 'taksit tutari', 'taksitleri'],
  totalBefore: ['toplam', 'borcum', 'borcumun', 'borc', 'tum', 'butun', 'fatura', 'toplamda'],
  totalAfter: ['borcum', 'borcumu', 'borcum var', 'borc', 'taksitle odemek', 'taksitlendirmek', 'toplam', 'toplamda', 'tutarindaki', 'borcumu taksitle'],
  countNouns: ['taksit', 'ay', 'hafta', 'gun', 'yil', 'cocuk', 'kez', 'defa', 'saat', 'yuzde', '%'],
  currencies: [...commonCurrencies, 'avro', 'frank', 'kron', 'tl', 'lira'],
  times: {
    morning: ['sabah', 'sabahleyin', 'sabahlari', 'ogleden once', 'erken'],
    noon: ['ogle', 'oglen', 'ogle saatinde', 'ogle arasi', 'oglende', 'oglen arasi', 'ogle vakti'],
    afternoon: ['ogleden sonra', 'ikindi', 'ogleden sonralari'],
    evening: ['aksam', 'aksamleyin', 'aksamlari', 'aksamustu', 'is cikisi', 'isten sonra', 'gece'],
  },
  hourBefore: ['saat'],
  hourAfter: ['de', 'da', 'te', 'ta', 'gibi', 'civari', 'sularinda'],
  methods: withUniversal({
    instant: ['anlik havale', 'aninda havale', 'hizli transfer'],
    wallet: ['cuzdan', 'dijital cuzdan'],
    sepa: ['otomatik odeme', 'otomatik cekim', 'hesaptan cekim', 'duzenli odeme talimati', 'otomatik talimat', 'lastschrift'],
    cash: ['nakit', 'pesin nakit', 'elden'],
    card: ['kart', 'kredi karti', 'kredi kartiyla', 'kredi kartim', 'banka karti', 'kartla', 'kartim', 'karti'],
    transfer: ['havale', 'eft', 'banka havalesi', 'havaleyle', 'havale ile', 'transfer', 'uberweisung'],
  }),
};

const sv: Lexicon = {
  months: {
    januari: 1, jan: 1, februari: 2, feb: 2, mars: 3, mar: 3, april: 4, apr: 4, maj: 5, juni: 6, jun: 6, juli: 7, jul: 7, augusti: 8, aug: 8,
    september: 9, sep: 9, sept: 9, oktober: 10, okt: 10, november: 11, nov: 11, december: 12, dec: 12,
  },
  weekdays: { sondag: 0, mandag: 1, tisdag: 2, onsdag: 3, torsdag: 4, fredag: 5, lordag: 6 },
  monthSuffix: '',
  weekdaySuffix: '(?:en|ar|s)?',
  relativeDays: { idag: 0, 'i dag': 0, imorgon: 1, 'i morgon': 1, imorn: 1, 'i morn': 1, 'i overmorgon': 2, overmorgon: 2, igar: -1, 'i gar': -1, 'i forrgar': -2, forrgar: -2 },
  relativeDayExceptions: ['god morgon'],
  nextBefore: ['nasta', 'pa', 'kommande', 'nu pa', 'till'],
  nextAfter: ['nasta vecka', 'i nasta vecka'],
  lastBefore: ['forra', 'i', 'senaste'],
  lastAfter: ['forra veckan'],
  numberWords: {
    en: 1, ett: 1, tva: 2, tre: 3, fyra: 4, fem: 5, sex: 6, sju: 7, atta: 8, nio: 9, tio: 10, elva: 11, tolv: 12, femton: 15, tjugo: 20, trettio: 30,
    fyrtio: 40, femtio: 50, sextio: 60, sjuttio: 70, attio: 80, nittio: 90, hundra: 100, etthundra: 100, tvahundra: 200, femhundra: 500, tusen: 1000,
  },
  dayUnits: ['dag', 'dagar'],
  weekUnits: ['vecka', 'veckor'],
  monthUnits: ['manad', 'manader'],
  durationBefore: ['om', 'inom', 'efter'],
  durationAfter: [],
  ago: ['for', 'sedan'],
  endOfThisMonth: ['i slutet av manaden', 'slutet av manaden', 'slutet pa manaden', 'i slutet pa manaden', 'manadsslutet', 'vid manadsskiftet', 'manadsskiftet', 'sista i manaden', 'den sista'],
  endOfNextMonth: ['i slutet av nasta manad', 'slutet av nasta manad', 'slutet pa nasta manad'],
  endBeforeMonthName: ['i slutet av', 'slutet av', 'sista'],
  startOfNextMonth: ['i borjan av nasta manad', 'borjan av nasta manad', 'borjan pa nasta manad', 'i borjan pa nasta manad'],
  startBeforeMonthName: ['i borjan av', 'borjan av', 'i borjan pa', 'borjan pa'],
  middleOfThisMonth: ['i mitten av manaden', 'mitten av manaden', 'mitten pa manaden'],
  middleOfNextMonth: ['i mitten av nasta manad', 'mitten av nasta manad', 'mitten pa nasta manad'],
  middleBeforeMonthName: ['i mitten av', 'mitten av', 'mitten pa'],
  nextMonth: ['nasta manad', 'i nasta manad', 'kommande manad'],
  dayOfMonthBefore: ['den', 'fran den', 'till den', 'senast den', 'fore den'],
  dayOfMonthNeedsOrdinal: false,
  ordinalSuffix: "(?::?e|:?a)",
  firstOfMonth: ['den forsta', 'fran den forsta', 'den 1:a', 'forsta i manaden'],
  monthly: ['i manaden', 'per manad', 'varje manad', 'manadsvis', '/man', '/ man', '/manad', 'i man', 'manatligen', 'manadsbelopp', 'i manad', 'avbetalning', 'avbetalningar', 'delbetalning', 'delbetalningar'],
  rateBefore: ['avbetalningar pa', 'avbetalning pa', 'delbetalningar pa', 'manadsbelopp pa', 'betalningar pa', 'rater pa'],
  totalBefore: ['skyldig', 'ar skyldig', 'skuld pa', 'totalt', 'hela', 'de', 'faktura pa', 'belopp pa', 'summa pa', 'av', 'pa hela'],
  totalAfter: ['pa avbetalning', 'i delbetalningar', 'som jag ar skyldig', 'i skuld', 'totalt', 'sammanlagt'],
  countNouns: ['avbetalningar', 'delbetalningar', 'manader', 'veckor', 'dagar', 'ar', 'barn', 'ganger', 'delar', 'rater', 'timmar', 'procent', '%'],
  currencies: [...commonCurrencies, 'spann', 'kronor', 'kronar'],
  times: {
    morning: ['pa morgonen', 'morgonen', 'pa formiddagen', 'formiddag', 'formiddagen', 'tidigt', 'bitti'],
    noon: ['lunch', 'lunchtid', 'vid lunch', 'pa lunchen', 'mitt pa dagen', 'middagstid'],
    afternoon: ['pa eftermiddagen', 'eftermiddag', 'eftermiddagen'],
    evening: ['pa kvallen', 'kvall', 'kvallen', 'ikvall', 'i kvall', 'efter jobbet'],
  },
  hourBefore: ['klockan', 'kl', 'kl.', 'vid', 'efter', 'fore', 'runt'],
  hourAfter: [],
  methods: withUniversal({
    instant: ['direktbetalning', 'direkt overforing'],
    wallet: ['mobil planbok'],
    sepa: ['autogiro', 'e-faktura', 'direktdebitering', 'automatisk dragning'],
    cash: ['kontant', 'kontanter', 'kontant betalning'],
    card: ['kort', 'kortet', 'kreditkort', 'bankkort', 'betalkort', 'med kort', 'visa-kort'],
    transfer: ['bankoverforing', 'overforing', 'bankgiro', 'plusgiro', 'girering', 'via banken'],
  }),
};

export const lexicons: Record<SlotLang, Lexicon> = { de, en, es, fr, it, tr, sv };
