/**
 * The tagger's training sentences (decision 067): templates in the seven languages with slots
 * filled from the name lists (faker's locales and the extra lists of names.ts), streets, postal
 * codes and cities of the countries debtors live in, birth dates, identity numbers and passwords
 * in their usual spellings; plus the assistant's own training sentences as messages without
 * personal data. Written apart from the development set (dev.jsonl), which is never trained on.
 * Deterministic: one seed.
 */
import { trainingLines } from './lexicon.ts';
import { nameLists } from './names.ts';
import { CITIES as ALL_CITIES } from './places.ts';
import { seededRandom } from '../engine/linear.ts';
import { tokenize, type Example, type Label } from './tagger.ts';

type Lang = 'de' | 'en' | 'es' | 'fr' | 'it' | 'tr' | 'sv';

/** Slot → label. */
const SLOTS: Record<string, Label> = {
  NAME: 'NAME',
  FIRST: 'NAME',
  LAST: 'NAME',
  STREET: 'ADDRESS',
  ZIPCITY: 'ADDRESS',
  CITY: 'ADDRESS',
  DOB: 'BIRTHDATE',
  YEAR: 'BIRTHDATE',
  ID: 'NATIONAL_ID',
  PW: 'PASSWORD',
  AMT: 'O',
  DATE: 'O',
  NUM: 'O',
  MONTH: 'O',
  REL: 'O',
};

const TEMPLATES: Record<Lang, string[]> = {
  de: [
    '{REL} {NAME} kümmert sich ab jetzt um die Zahlung',
    'das hat {REL} {FIRST} bestellt',
    '{REL} {NAME} wohnt in {CITY}',
    'ich wohne in {CITY}, {REL} auch',
    'ich bin {NAME} und kann im Moment nur {AMT} zahlen',
    'hallo hier spricht {NAME}, ich habe am {DATE} {AMT} überwiesen',
    'Mein Name ist {NAME}, Aktenzeichen habe ich nicht',
    'Grüße {NAME}',
    'mit freundlichen Grüßen {NAME}',
    'LG {FIRST}',
    'Meine Tochter {NAME} zahlt ab {MONTH} für mich',
    'mein Bruder {FIRST} hat das bestellt, nicht ich',
    'Die Kontoinhaberin heißt {NAME}',
    'Konto läuft auf {NAME}',
    'Ich schreibe für meine Oma {NAME}, sie ist im Heim',
    'mein Betreuer Herr {LAST} meldet sich bei Ihnen',
    'bitte wenden Sie sich an Rechtsanwalt {NAME}',
    'ich wohne seit {MONTH} in der {STREET}, {ZIPCITY}',
    'neue Anschrift: {STREET} in {ZIPCITY}',
    'wir sind nach {CITY} gezogen',
    'ich lebe jetzt in {CITY} bei meiner Schwester',
    'Geburtsdatum: {DOB}',
    'ich bin am {DOB} geboren',
    'geb. {DOB} in {CITY}',
    'Jahrgang {YEAR}',
    'Ausweis-Nr. {ID}',
    'meine Steuer-ID ist {ID}',
    'Passwort: {PW}',
    'ich habe als Kennwort {PW} gesetzt und es geht nicht',
    'mein pw ist {PW}',
    'Seit {MONTH} zahle ich {AMT} im Monat',
    'kann ich am {DATE} {AMT} zahlen?',
    'Warum stehen da noch {AMT} offen, Herr {LAST} hat doch bezahlt',
    'Frau {LAST} von Ihrer Firma hat mir {AMT} Rabatt versprochen',
    '{NAME} hier, ich zahle nächste Woche',
    'ich, {NAME}, bestreite die Forderung',
  ],
  en: [
    '{REL} {NAME} takes care of the payments now',
    '{REL} {FIRST} ordered it',
    '{REL} {NAME} lives in {CITY}',
    'I live in {CITY}, {REL} too',
    "I'm {NAME} and I can only pay {AMT} right now",
    'hello, {NAME} here, I transferred {AMT} on {DATE}',
    'My name is {NAME}, I have no reference',
    'best wishes, {NAME}',
    'thanks {FIRST}',
    'my daughter {NAME} will pay from {MONTH}',
    'my brother {FIRST} ordered it, not me',
    'the account is in the name of {NAME}',
    "I'm writing for my grandmother {NAME}, she is in a care home",
    'please contact my solicitor {NAME}',
    'I have lived at {STREET}, {ZIPCITY} since {MONTH}',
    'new address: {STREET}, {CITY}',
    'we moved to {CITY}',
    'I live in {CITY} with my sister now',
    'date of birth: {DOB}',
    'I was born on {DOB}',
    'born {YEAR}',
    'ID number {ID}',
    'my passport no is {ID}',
    'password: {PW}',
    'I set {PW} as my password and it does not work',
    'my pw is {PW}',
    'since {MONTH} I pay {AMT} a month',
    'can I pay {AMT} on {DATE}?',
    'why is {AMT} still open, Mr {LAST} already paid',
    'Mrs {LAST} from your company promised me a discount of {AMT}',
    '{NAME} here, I will pay next week',
    'I, {NAME}, dispute this claim',
  ],
  es: [
    '{REL} {NAME} se ocupa ahora de los pagos',
    '{REL} {FIRST} lo pidió',
    '{REL} {NAME} vive en {CITY}',
    'vivo en {CITY}, {REL} también',
    'soy {NAME} y ahora solo puedo pagar {AMT}',
    'hola, aquí {NAME}, transferí {AMT} el {DATE}',
    'Mi nombre es {NAME}, no tengo la referencia',
    'un abrazo, {NAME}',
    'gracias, {FIRST}',
    'mi hija {NAME} pagará desde {MONTH}',
    'mi hermano {FIRST} lo pidió, no yo',
    'la cuenta está a nombre de {NAME}',
    'escribo por mi abuela {NAME}, está en una residencia',
    'contacte con mi abogada {NAME}',
    'vivo en {STREET}, {ZIPCITY} desde {MONTH}',
    'nueva dirección: {STREET}, {CITY}',
    'nos mudamos a {CITY}',
    'ahora vivo en {CITY} con mi hermana',
    'fecha de nacimiento: {DOB}',
    'nací el {DOB}',
    'nacido en {YEAR}',
    'DNI {ID}',
    'mi pasaporte es {ID}',
    'contraseña: {PW}',
    'puse {PW} como contraseña y no funciona',
    'mi clave es {PW}',
    'desde {MONTH} pago {AMT} al mes',
    '¿puedo pagar {AMT} el {DATE}?',
    'por qué siguen {AMT} pendientes, el señor {LAST} ya pagó',
    '{NAME} aquí, pagaré la semana que viene',
  ],
  fr: [
    "{REL} {NAME} s'occupe maintenant des paiements",
    "{REL} {FIRST} l'a commandé",
    '{REL} {NAME} habite à {CITY}',
    "j'habite à {CITY}, {REL} aussi",
    'je suis {NAME} et je ne peux payer que {AMT}',
    "bonjour, c'est {NAME}, j'ai viré {AMT} le {DATE}",
    "Mon nom est {NAME}, je n'ai pas la référence",
    'bien cordialement, {NAME}',
    'merci, {FIRST}',
    'ma fille {NAME} paiera à partir de {MONTH}',
    "mon frère {FIRST} l'a commandé, pas moi",
    'le compte est au nom de {NAME}',
    "j'écris pour ma grand-mère {NAME}, elle est en maison de retraite",
    'contactez mon avocate Maître {NAME}',
    "j'habite au {STREET}, {ZIPCITY} depuis {MONTH}",
    'nouvelle adresse : {STREET}, {CITY}',
    'nous avons déménagé à {CITY}',
    "j'habite à {CITY} chez ma sœur",
    'date de naissance : {DOB}',
    'je suis né le {DOB}',
    'né en {YEAR}',
    "numéro de carte d'identité {ID}",
    'mon passeport est le {ID}',
    'mot de passe : {PW}',
    "j'ai mis {PW} comme mot de passe et ça ne marche pas",
    'mon mdp est {PW}',
    'depuis {MONTH} je paie {AMT} par mois',
    'je peux payer {AMT} le {DATE} ?',
    'pourquoi {AMT} restent ouverts, Monsieur {LAST} a déjà payé',
    '{NAME} ici, je paierai la semaine prochaine',
  ],
  it: [
    '{REL} {NAME} si occupa ora dei pagamenti',
    "{REL} {FIRST} l'ha ordinato",
    '{REL} {NAME} abita a {CITY}',
    'abito a {CITY}, {REL} anche',
    'sono {NAME} e posso pagare solo {AMT}',
    'ciao, sono {NAME}, ho bonificato {AMT} il {DATE}',
    'Il mio nome è {NAME}, non ho il riferimento',
    'un saluto, {NAME}',
    'grazie, {FIRST}',
    'mia figlia {NAME} pagherà da {MONTH}',
    "mio fratello {FIRST} l'ha ordinato, non io",
    'il conto è intestato a {NAME}',
    'scrivo per mia nonna {NAME}, è in casa di riposo',
    "contattate l'avvocato {NAME}",
    'abito in {STREET}, {ZIPCITY} da {MONTH}',
    'nuovo indirizzo: {STREET}, {CITY}',
    'ci siamo trasferiti a {CITY}',
    'vivo a {CITY} da mia sorella',
    'data di nascita: {DOB}',
    'sono nato il {DOB}',
    'classe {YEAR}',
    "carta d'identità n. {ID}",
    'il mio codice fiscale è {ID}',
    'password: {PW}',
    'ho messo {PW} come password e non va',
    'la mia password è {PW}',
    'da {MONTH} pago {AMT} al mese',
    'posso pagare {AMT} il {DATE}?',
    'perché restano {AMT}, il signor {LAST} ha già pagato',
    '{NAME} qui, pagherò la settimana prossima',
  ],
  tr: [
    '{REL} {NAME} artık ödemelerle ilgileniyor',
    '{REL} {FIRST} sipariş etti',
    '{REL} {NAME} {CITY} şehrinde oturuyor',
    '{CITY} şehrinde oturuyorum, {REL} de',
    'ben {NAME}, şu an sadece {AMT} ödeyebilirim',
    'merhaba, {NAME} yazıyor, {DATE} tarihinde {AMT} gönderdim',
    'Adım {NAME}, dosya numaram yok',
    'iyi günler, {NAME}',
    'teşekkürler {FIRST}',
    'kızım {NAME} {MONTH} ayından itibaren ödeyecek',
    'kardeşim {FIRST} sipariş etti, ben değil',
    'hesap {NAME} adına',
    'babaannem {NAME} için yazıyorum, huzurevinde',
    'avukatım {NAME} ile görüşün',
    '{MONTH} ayından beri {STREET}, {ZIPCITY} adresinde oturuyorum',
    'yeni adres: {STREET}, {CITY}',
    '{CITY} şehrine taşındık',
    'şimdi {CITY} şehrinde ablamın yanında kalıyorum',
    'doğum tarihi: {DOB}',
    '{DOB} tarihinde doğdum',
    '{YEAR} doğumluyum',
    'kimlik numaram {ID}',
    'TC no: {ID}',
    'şifre: {PW}',
    'şifre olarak {PW} koydum ama olmuyor',
    'şifrem {PW}',
    '{MONTH} ayından beri ayda {AMT} ödüyorum',
    '{DATE} tarihinde {AMT} ödeyebilir miyim?',
    'neden hâlâ {AMT} açık, {LAST} bey zaten ödedi',
    '{NAME} ben, haftaya öderim',
  ],
  sv: [
    '{REL} {NAME} sköter betalningarna nu',
    '{REL} {FIRST} beställde det',
    '{REL} {NAME} bor i {CITY}',
    'jag bor i {CITY}, {REL} också',
    'jag är {NAME} och kan bara betala {AMT} nu',
    'hej, det är {NAME}, jag förde över {AMT} den {DATE}',
    'Mitt namn är {NAME}, jag har inget ärendenummer',
    'mvh {NAME}',
    'tack {FIRST}',
    'min dotter {NAME} betalar från {MONTH}',
    'min bror {FIRST} beställde det, inte jag',
    'kontot står på {NAME}',
    'jag skriver för min farmor {NAME}, hon bor på ett boende',
    'kontakta min advokat {NAME}',
    'jag bor på {STREET}, {ZIPCITY} sedan {MONTH}',
    'ny adress: {STREET}, {CITY}',
    'vi har flyttat till {CITY}',
    'jag bor i {CITY} hos min syster nu',
    'födelsedatum: {DOB}',
    'jag föddes den {DOB}',
    'född {YEAR}',
    'personnummer {ID}',
    'mitt passnummer är {ID}',
    'lösenord: {PW}',
    'jag satte {PW} som lösenord och det funkar inte',
    'mitt lösen är {PW}',
    'sedan {MONTH} betalar jag {AMT} i månaden',
    'kan jag betala {AMT} den {DATE}?',
    'varför står {AMT} kvar, herr {LAST} har redan betalat',
    '{NAME} här, jag betalar nästa vecka',
  ],
};

const CITIES: Record<Lang, string[]> = {
  de: 'Berlin München Köln Frankfurt am Main Stuttgart Düsseldorf Dortmund Essen Bremen Dresden Hannover Nürnberg Duisburg Bochum Wuppertal Bonn Münster Mannheim Augsburg Wiesbaden Mönchengladbach Gelsenkirchen Kiel Rostock Erfurt Mainz Wien Graz Linz Salzburg Innsbruck Zürich Basel Bern Luzern St. Gallen Winterthur'.split(
    / (?=[A-ZÄÖÜ])/,
  ),
  en: 'London Birmingham Liverpool Sheffield Newcastle Glasgow Edinburgh Cardiff Belfast Nottingham Leicester Coventry Brighton Oxford Cambridge York Dublin Cork'.split(
    ' ',
  ),
  es: 'Madrid Barcelona Sevilla Zaragoza Málaga Murcia Palma Bilbao Alicante Córdoba Valladolid Vigo Gijón Granada Oviedo Santander Pamplona Almería'.split(
    ' ',
  ),
  fr: 'Paris Marseille Toulouse Nice Nantes Strasbourg Montpellier Bordeaux Lille Rennes Reims Grenoble Dijon Lausanne Fribourg Neuchâtel Sion Bruxelles Liège'.split(
    ' ',
  ),
  it: 'Roma Napoli Palermo Genova Bologna Bari Catania Venezia Verona Messina Padova Trieste Brescia Parma Modena Lugano Bellinzona Bolzano'.split(
    ' ',
  ),
  tr: 'Ankara İzmir Bursa Antalya Konya Adana Gaziantep Kayseri Mersin Eskişehir Diyarbakır Samsun Trabzon Duisburg Gelsenkirchen Offenbach'.split(
    ' ',
  ),
  sv: 'Malmö Örebro Linköping Helsingborg Jönköping Norrköping Lund Umeå Västerås Gävle Borås Oslo Bergen Trondheim Stavanger Drammen Tromsø'.split(
    ' ',
  ),
};

const STREET_FORMS: Record<Lang, Array<(root: string, n: string) => string>> = {
  de: [
    (r, n) => `${r}straße ${n}`,
    (r, n) => `${r}str. ${n}`,
    (r, n) => `${r}weg ${n}`,
    (r, n) => `${r}gasse ${n}`,
    (r, n) => `${r}-Allee ${n}`,
    (r, n) => `Am ${r}berg ${n}`,
  ],
  en: [
    (r, n) => `${n} ${r} Street`,
    (r, n) => `${n} ${r} Road`,
    (r, n) => `${n} ${r} Lane`,
    (r, n) => `${n} ${r} Close`,
  ],
  es: [
    (r, n) => `Calle ${r} ${n}`,
    (r, n) => `Avenida de ${r} ${n}`,
    (r, n) => `C/ ${r} ${n}`,
    (r, n) => `Plaza ${r} ${n}`,
  ],
  fr: [
    (r, n) => `${n} rue ${r}`,
    (r, n) => `${n} avenue ${r}`,
    (r, n) => `${n} boulevard ${r}`,
    (r, n) => `${n} chemin des ${r}`,
  ],
  it: [
    (r, n) => `via ${r} ${n}`,
    (r, n) => `viale ${r} ${n}`,
    (r, n) => `piazza ${r} ${n}`,
    (r, n) => `corso ${r} ${n}`,
  ],
  tr: [
    (r, n) => `${r} Sokak No: ${n}`,
    (r, n) => `${r} Caddesi ${n}`,
    (r, n) => `${r} Mah. ${n}`,
    (r, n) => `${r}straße ${n}`,
  ],
  sv: [(r, n) => `${r}gatan ${n}`, (r, n) => `${r}vägen ${n}`, (r, n) => `${r} gate ${n}`, (r, n) => `${r}stigen ${n}`],
};

const RELATIVES: Record<Lang, string[]> = {
  de: 'mein Mann|meine Frau|mein Vater|meine Mutter|mein Sohn|meine Tochter|mein Partner|meine Lebensgefährtin|mein Onkel|meine Tante|mein Schwager|mein Enkel'.split(
    '|',
  ),
  en: 'my husband|my wife|my father|my mother|my son|my daughter|my partner|my uncle|my aunt|my nephew|my grandson'.split(
    '|',
  ),
  es: 'mi marido|mi esposa|mi padre|mi madre|mi hijo|mi hija|mi pareja|mi tío|mi tía|mi sobrino|mi nieto'.split('|'),
  fr: 'mon mari|ma femme|mon père|ma mère|mon fils|ma fille|mon compagnon|mon oncle|ma tante|mon neveu|mon petit-fils'.split(
    '|',
  ),
  it: 'mio marito|mia moglie|mio padre|mia madre|mio figlio|mia figlia|il mio compagno|mio zio|mia zia|mio nipote'.split(
    '|',
  ),
  tr: 'kocam|karım|eşim|babam|annem|oğlum|kızım|amcam|teyzem|yeğenim|torunum'.split('|'),
  sv: 'min man|min fru|min pappa|min mamma|min son|min dotter|min sambo|min farbror|min moster|min brorson|mitt barnbarn'.split(
    '|',
  ),
};

const MONTHS: Record<Lang, string[]> = {
  de: ['Januar', 'März', 'Juli', 'Oktober', 'Dezember'],
  en: ['January', 'March', 'July', 'October', 'December'],
  es: ['enero', 'marzo', 'julio', 'octubre', 'diciembre'],
  fr: ['janvier', 'mars', 'juillet', 'octobre', 'décembre'],
  it: ['gennaio', 'marzo', 'luglio', 'ottobre', 'dicembre'],
  tr: ['ocak', 'mart', 'temmuz', 'ekim', 'aralık'],
  sv: ['januari', 'mars', 'juli', 'oktober', 'december'],
};

const PASSWORD_WORDS =
  'sonne mond tiger hase fenster blume adler stern haus sommer winter berlin istanbul roma paris lucky sunshine dragon kedi köpek perro gato chat sol bella amore'.split(
    ' ',
  );

function fill(
  slot: string,
  lang: Lang,
  pick: <T>(list: readonly T[]) => T,
  next: () => number,
  names: { first: string[]; last: string[] },
): string {
  const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  const first = () => cap(pick(names.first));
  const last = () => cap(pick(names.last));
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(next() * 10)).join('');
  const day = () => String(1 + Math.floor(next() * 28));
  const month = () => String(1 + Math.floor(next() * 12));
  const year = () => String(1940 + Math.floor(next() * 66));
  switch (slot) {
    case 'FIRST':
      return first();
    case 'LAST':
      return next() < 0.15 ? `${last()}-${last()}` : last();
    case 'NAME': {
      const r = next();
      if (r < 0.5) return `${first()} ${last()}`;
      if (r < 0.6) return `${first()} ${first()} ${last()}`;
      if (r < 0.7) return `${first()} ${last()}-${last()}`;
      if (r < 0.8) return `${first().charAt(0)}. ${last()}`;
      if (r < 0.88) return `${last()} ${first()}`;
      if (r < 0.94) return `${first()} ${last().charAt(0)}.`;
      return `${first()} ${['de', 'van', 'von', 'del', 'di', 'al', 'el'][Math.floor(next() * 7)]} ${last()}`;
    }
    case 'STREET':
      return pick(STREET_FORMS[lang])(last(), `${1 + Math.floor(next() * 150)}${next() < 0.15 ? 'a' : ''}`);
    case 'CITY':
      return next() < 0.5 ? pick(CITIES[lang]) : pick(ALL_CITIES);
    case 'ZIPCITY': {
      const zip =
        lang === 'sv'
          ? `${digits(3)} ${digits(2)}`
          : lang === 'en'
            ? `${pick(['NW1', 'M14', 'LS6', 'B15'])} ${digits(1)}AB`
            : next() < 0.4
              ? digits(4)
              : digits(5);
      return lang === 'en' ? `${pick(CITIES[lang])} ${zip}` : `${zip} ${pick(CITIES[lang])}`;
    }
    case 'DOB': {
      const r = next();
      const d = day();
      const m = month();
      if (r < 0.4) return `${d.padStart(2, '0')}.${m.padStart(2, '0')}.${year()}`;
      if (r < 0.6) return `${d}/${m}/${year()}`;
      if (r < 0.75) return `${year()}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
      return `${d}. ${pick(MONTHS[lang])} ${year()}`;
    }
    case 'YEAR':
      return year();
    case 'ID': {
      const r = next();
      if (r < 0.3) return `${pick(['L', 'T', 'C', 'X'])}${digits(2)}${pick(['X', 'K', 'M'])}${digits(5)}`;
      if (r < 0.55) return digits(11);
      if (r < 0.75) return `${digits(8)}${pick(['Z', 'K', 'L'])}`;
      return `${digits(2)} ${digits(6)} ${pick(['S', 'M', 'K'])} ${digits(3)}`;
    }
    case 'PW': {
      const w = pick(PASSWORD_WORDS);
      const r = next();
      if (r < 0.4) return `${cap(w)}${digits(2 + Math.floor(next() * 3))}${pick(['', '!', '#', '?'])}`;
      if (r < 0.7) return `${w}${pick(['-', '_', '.'])}${cap(pick(PASSWORD_WORDS))}${digits(1)}`;
      return `${w}${digits(3)}`;
    }
    case 'AMT': {
      const n = String(10 + Math.floor(next() * 990));
      return pick([`${n} Euro`, `${n} €`, `${n},00 €`, `${n} EUR`, `${n} kr`, `CHF ${n}`, `€${n}`, `${n} euros`, n]);
    }
    case 'DATE':
      return pick([
        `${day()}.${month()}.`,
        `${day()}.${month()}.2026`,
        `${day()}/${month()}`,
        `${day()}. ${pick(MONTHS[lang])}`,
        `2026-${month().padStart(2, '0')}-${day().padStart(2, '0')}`,
      ]);
    case 'MONTH':
      return pick(MONTHS[lang]);
    case 'REL':
      return pick(RELATIVES[lang]);
    case 'NUM':
      return String(1 + Math.floor(next() * 12));
    default:
      return slot;
  }
}

const foldText = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');

/** Training examples: templates filled many times, and the intent training lines as they are. */
export function trainingExamples(
  options: { perTemplate?: number; seed?: number; plainLines?: number } = {},
): Example[] {
  const next = seededRandom(options.seed ?? 2027);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const names = nameLists();
  const examples: Example[] = [];
  for (const lang of Object.keys(TEMPLATES) as Lang[]) {
    for (const template of TEMPLATES[lang]) {
      for (let k = 0; k < (options.perTemplate ?? 40); k++) {
        const lower = next() < 0.35;
        const plain = next() < 0.1;
        const tokens: string[] = [];
        const labels: Label[] = [];
        for (const part of template.split(/(\{[A-Z]+\})/)) {
          if (part === '') continue;
          const slot = /^\{([A-Z]+)\}$/.exec(part)?.[1];
          let text = slot ? fill(slot, lang, pick, next, names) : part;
          if (lower) text = text.toLowerCase();
          if (plain) text = foldText(text);
          const label: Label = slot ? (SLOTS[slot] ?? 'O') : 'O';
          for (const token of tokenize(text)) {
            tokens.push(token.text);
            // punctuation inside a filled slot ("A." "," of an address) belongs to it only between words
            labels.push(/[\p{L}\p{N}]/u.test(token.text) ? label : 'O');
          }
        }
        examples.push({ tokens, labels });
      }
    }
  }
  // messages without personal data: the assistant's own training sentences
  const lines = trainingLines();
  const count = Math.min(lines.length, options.plainLines ?? 6000);
  for (let k = 0; k < count; k++) {
    const { text } = lines[Math.floor(next() * lines.length)]!;
    const tokens = tokenize(next() < 0.3 ? text.charAt(0).toUpperCase() + text.slice(1) : text).map((t) => t.text);
    examples.push({ tokens, labels: tokens.map(() => 'O' as Label) });
  }
  return examples;
}
