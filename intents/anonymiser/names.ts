/**
 * First- and last-name lists for the anonymiser, taken at run time from @faker-js/faker's locale
 * data (the Latin-script locales of the debtors this agency writes to: German, Austrian, Swiss,
 * Swedish, Norwegian and their neighbours, and the languages the portal speaks). Names that are
 * also ordinary words in these languages are left out, so that "Will", "Mark" or "Rose" at the
 * start of a sentence are not taken for a name without a cue.
 */
// Each locale by its own entry point: the package's root would load all of its seventy locales
// (17 MB of heap, kept for as long as the server runs), of which these twenty-one hold 9 MB.
import { faker as cs_CZ } from '@faker-js/faker/locale/cs_CZ';
import { faker as da } from '@faker-js/faker/locale/da';
import { faker as de } from '@faker-js/faker/locale/de';
import { faker as de_AT } from '@faker-js/faker/locale/de_AT';
import { faker as de_CH } from '@faker-js/faker/locale/de_CH';
import { faker as en } from '@faker-js/faker/locale/en';
import { faker as en_GB } from '@faker-js/faker/locale/en_GB';
import { faker as es } from '@faker-js/faker/locale/es';
import { faker as fi } from '@faker-js/faker/locale/fi';
import { faker as fr } from '@faker-js/faker/locale/fr';
import { faker as hr } from '@faker-js/faker/locale/hr';
import { faker as hu } from '@faker-js/faker/locale/hu';
import { faker as it } from '@faker-js/faker/locale/it';
import { faker as nb_NO } from '@faker-js/faker/locale/nb_NO';
import { faker as nl } from '@faker-js/faker/locale/nl';
import { faker as pl } from '@faker-js/faker/locale/pl';
import { faker as pt_PT } from '@faker-js/faker/locale/pt_PT';
import { faker as ro } from '@faker-js/faker/locale/ro';
import { faker as sk } from '@faker-js/faker/locale/sk';
import { faker as sv } from '@faker-js/faker/locale/sv';
import { faker as tr } from '@faker-js/faker/locale/tr';
import { fold as foldWord, ordinaryWords } from './lexicon.ts';

/**
 * A locale's definitions, falling back as faker does (de_AT to de, every locale to en): a list a
 * locale lacks is en's or its parent's, which are collected anyway.
 */
type LocaleDefinition = typeof de.rawDefinitions;

const LOCALES: LocaleDefinition[] = [
  de,
  de_AT,
  de_CH,
  en,
  en_GB,
  es,
  fr,
  it,
  tr,
  sv,
  nb_NO,
  da,
  fi,
  nl,
  pl,
  pt_PT,
  ro,
  hr,
  cs_CZ,
  sk,
  hu,
].map((faker) => faker.rawDefinitions);

/** Ordinary words that appear in the name lists. */
const COMMON_WORDS = new Set(
  [
    'will',
    'may',
    'mark',
    'rose',
    'art',
    'bill',
    'grace',
    'hope',
    'joy',
    'faith',
    'summer',
    'april',
    'june',
    'august',
    'paris',
    'china',
    'page',
    'long',
    'young',
    'black',
    'white',
    'brown',
    'green',
    'king',
    'price',
    'rich',
    'hall',
    'wall',
    'bank',
    'banks',
    'cash',
    'case',
    'card',
    'post',
    'best',
    'gay',
    'sale',
    'love',
    'bitte',
    'danke',
    'hallo',
    'rate',
    'raten',
    'euro',
    'frank',
    'franken',
    'kurz',
    'lang',
    'klein',
    'gross',
    'groß',
    'neu',
    'alt',
    'weiss',
    'weiß',
    'schwarz',
    'mai',
    'juni',
    'juli',
    'sonne',
    'paz',
    'luz',
    'sol',
    'mar',
    'rosa',
    'blanca',
    'pilar',
    'dolores',
    'amparo',
    'consuelo',
    'soledad',
    'rocío',
    'gracia',
    'casa',
    'claire',
    'aime',
    'france',
    'prime',
    'bienvenue',
    'sole',
    'luna',
    'serena',
    'bella',
    'vita',
    'amore',
    'speranza',
    'fortuna',
    'vero',
    'ago',
    'deniz',
    'ay',
    'güneş',
    'yıldız',
    'bahar',
    'umut',
    'barış',
    'can',
    'gül',
    'su',
    'nur',
    'ali',
    'hilal',
    'ekim',
    'kasım',
    'bir',
    'iki',
    'bugün',
    'sen',
    'ben',
    'bo',
    'dag',
    'vera',
    'ester',
    'hej',
    'tack',
    'kort',
    'maj',
    'juni',
    'sten',
    'berg',
    'lund',
    'strand',
    'skog',
    'sjö',
    'by',
    'hus',
    'lina',
    'stina',
    'pay',
    'paypal',
    'visa',
    'sofort',
    'klarna',
    'swish',
    'twint',
    'iban',
    'bic',
    'sepa',
    'dear',
    'hi',
    'hello',
    'thanks',
    'kind',
    'regards',
    'best',
  ].map((w) => w.toLowerCase()),
);

function collect(pick: (l: LocaleDefinition) => unknown): Set<string> {
  const out = new Set<string>();
  const add = (value: unknown): void => {
    if (typeof value === 'string') {
      for (const part of value.split(/[\s-]+/))
        if (part.length >= 2 && !COMMON_WORDS.has(part.toLowerCase())) out.add(part.toLowerCase());
    } else if (Array.isArray(value)) value.forEach(add);
    else if (value && typeof value === 'object') Object.values(value).forEach(add);
  };
  for (const locale of LOCALES) add(pick(locale));
  return out;
}

/**
 * Names of the languages debtors also write in whose faker lists are not in Latin script or
 * missing (Arabic, Kurdish, Persian, Albanian, Bosnian/Serbian, Russian and Ukrainian, as they are
 * transliterated in letters and forms), written for the anonymiser.
 */
export const EXTRA_FIRST_NAMES = (
  'mohammed mohammad muhammad mohamed ahmad ahmed ali hassan hussein hussain omar umar khaled khalid youssef yusuf ibrahim ' +
  'mustafa mahmoud mahmud abdullah abdul karim kareem samir sami tarek tariq walid nabil bilal hamza amir amin jamal rami ' +
  'fatima fatma aisha aischa ayesha mariam maryam leila layla noor nour amina zainab zeynab rania yasmin yasmina hanan ' +
  'salma samira nadia huda dalia lina rana soraya shirin reza mehdi hossein parisa dilan rojda baran azad berivan ' +
  'arben besnik dritan ermal fatos gentian ilir luan valon arta blerina drita elira mimoza vjosa ' +
  'dragan goran milan nikola stefan zoran jelena milica ivana snezana amra emir adnan edin senad ' +
  'dmitri dmitrij sergej sergei aleksandr oleksandr andrij vladimir volodymyr natalia natalja olga oksana tetiana tatjana ' +
  'iryna irina svetlana yulia julija'
).split(' ');
export const EXTRA_LAST_NAMES = (
  'al-hassan al-ahmad al-sayed el-sayed abdallah haddad khoury nasser saleh hamdan mansour darwish habib aziz ' +
  'rahman hosseini ahmadi mohammadi karimi rezaei jafari akbari hashemi ' +
  'hoxha krasniqi berisha gashi shala morina kelmendi ' +
  'hodzic hadzic begovic petrovic jovanovic nikolic markovic djordjevic ' +
  'ivanov ivanova petrov petrova smirnov kuznetsov shevchenko kovalenko bondarenko melnyk boyko tkachenko'
).split(' ');

let firstNames: Set<string> | undefined;
let lastNames: Set<string> | undefined;

function fold(word: string): string {
  return foldWord(word.replace(/[’']s$/, ''));
}

function withFolded(list: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const name of list) {
    out.add(name.toLowerCase());
    out.add(foldWord(name));
  }
  return out;
}

export function isFirstName(word: string): boolean {
  firstNames ??= withFolded([...collect((l) => l.person?.first_name), ...EXTRA_FIRST_NAMES]);
  return firstNames.has(fold(word));
}

export function isLastName(word: string): boolean {
  lastNames ??= withFolded([...collect((l) => l.person?.last_name), ...EXTRA_LAST_NAMES]);
  return lastNames.has(fold(word));
}

/** The name lists themselves (the tagger's training draws names from them). */
export function nameLists(): { first: string[]; last: string[] } {
  isFirstName('');
  isLastName('');
  return { first: [...firstNames!].sort(), last: [...lastNames!].sort() };
}

/** A word of the debtors' ordinary vocabulary, whether or not a name list also holds it. */
export function isCommonWord(word: string): boolean {
  return ordinaryWords().has(foldWord(word));
}

/** A word of the debtors' ordinary vocabulary that is not a name of the lists. */
export function isOrdinaryWord(word: string): boolean {
  const key = foldWord(word);
  return ordinaryWords().has(key) && !isFirstName(word) && !isLastName(word);
}

/** Surname endings common among the agency's debtors, for names the lists do not hold. */
const SURNAME_ENDINGS =
  /(?:mann|mann|ner|ler|rer|ter|er|meier|maier|mayer|meyer|huber|bauer|schmidt|schmid|berger|inger|stein|feld|son|sen|sson|ström|strom|berg|lund|qvist|kvist|gren|ski|ska|cki|wicz|czyk|oğlu|oglu|gil|kaya|demir|yılmaz|yilmaz|çelik|celik|ez|es|az|ini|elli|etti|ucci|ato|ano|one|ier|eau|aux|ault|ois|ic|ić|ov|ova|ev|eva|escu|ides|opoulos)$/i;

export function looksLikeSurname(word: string): boolean {
  return word.length >= 4 && SURNAME_ENDINGS.test(word) && !COMMON_WORDS.has(word.toLowerCase());
}
