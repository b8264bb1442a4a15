/**
 * Addresses: a street with its house number in the ways the variants' countries and the debtors'
 * own write it (postal code and town after it), a British postcode, a postal code with its town,
 * the district after a street, and a place of residence after a verb of living or moving in any
 * word order.
 */
import { cues } from './cues.ts';
import { isOrdinaryWord } from './names.ts';
import { fold } from './lexicon.ts';
import { isCity } from './places.ts';
import { anyCase, CAP, L, NB, NE, replaceAll } from './patterns.ts';

const STREET_SUFFIX_DE =
  '(?:stra(?:ss|ß)e|str\\.|weg|gasse|platz|allee|ring|damm|ufer|chaussee|steig|pfad|hof|berg|markt|zeile|graben|kai|gürtel|guertel)';
const STREET_WORDS_BEFORE =
  'calle|c\\/|avenida|avda\\.?|av\\.|plaza|paseo|camino|carrer|rue|avenue|boulevard|bd|chemin|allée|allee|place|impasse|quai|route|via|viale|piazza|corso|vicolo|largo|strada|piazzale';
const STREET_WORDS_AFTER_EN =
  'street|st\\.?|road|rd\\.?|avenue|ave\\.?|lane|ln\\.?|way|drive|dr\\.?|close|court|crescent|place|square|terrace|gardens|grove';
const STREET_WORDS_TR =
  'sokak|sokağı|sokagi|sok\\.?|sk\\.?|cadde|caddesi|cad\\.?|bulvarı|bulvari|bulvar|mahallesi|mah\\.?';
const STREET_SUFFIX_NORDIC =
  '(?:gatan|gata|vägen|vagen|väg|vag|gränd|grand|torget|torg|stigen|backen|allén|gate|gaten|veien|vei|vegen|veg|plassen|plass|stien)';
const HOUSE = '\\d{1,4}(?!\\d)(?:\\s?[a-zA-Z](?![\\p{L}]))?(?:\\s?[-/]\\s?\\d{1,4}[a-zA-Z]?)?';

/** Words that follow a postal-code-sized number without being a city. */
const NOT_CITY = new Set(
  'euro eur euros chf franken sek nok kr kronor kroner kronen dollar raten rate monate monaten tage tagen wochen jahre uhr stück mal prozent mio tsd'.split(
    ' ',
  ),
);

// street addresses with a house number, optionally followed by postal code and city
const ZIP_CITY = `(?:,?\\s*(?:[ADS]-|CH-|N-|NO-|SE-)?(?:\\d{4,5}|\\d{3}\\s\\d{2})\\s+${CAP}(?:[\\s-]${CAP})?)?`;
/** Made once: the alternations of street words are long, and a turn anonymises every message. */
const STREETS = [
  `${CAP}(?:[\\s-]${CAP})*${STREET_SUFFIX_DE}\\s*${HOUSE}`,
  `${CAP}[-\\s]?(?:[Ss]tra(?:ss|ß)e|[Ss]tr\\.|[Ww]eg|[Gg]asse|[Pp]latz|[Aa]llee)\\s*${HOUSE}`,
  `(?:Am|An der|An den|Auf der|Auf dem|Im|In der|Zum|Zur|Hinter der|Unter den)\\s+${CAP}\\s*${HOUSE}`,
  `(?:(?:[Ff]lat|[Aa]pt\\.?|[Aa]partment|[Uu]nit)\\s*\\d{1,4}[a-zA-Z]?,?\\s*)?${HOUSE},?\\s+${CAP}(?:\\s${CAP})*\\s+(?:${anyCase(STREET_WORDS_AFTER_EN)})(?![\\p{L}])`,
  `(?:${HOUSE},?\\s+)?(?:${anyCase(STREET_WORDS_BEFORE)})\\s+(?:(?:de la|de|del|des|du|di|della|dei|delle|d'|l')\\s*)?${CAP}(?:\\s+(?:(?:de la|de|del|des|du|di|della|d')\\s*)?${CAP})*(?:,?\\s*(?:n[º°o.]?\\s*)?${HOUSE}(?:,?\\s*\\d{1,2}\\s?[º°ª]\\s?(?:[A-Za-z](?![\\p{L}])|izq\\.?|izda\\.?|dcha\\.?)?)?)?`,
  `${CAP}(?:\\s${CAP})*\\s+(?:${anyCase(STREET_WORDS_TR)})(?![\\p{L}])\\s*(?:[Nn]o[:.]?\\s*)?(?:${HOUSE})?`,
  `${CAP}${STREET_SUFFIX_NORDIC}\\s*${HOUSE}`,
  `${CAP}(?:\\s${CAP})*\\s+(?:gate|gata|gatan|vei|veien|veg|vegen|vägen|väg|allé|plass|plassen|gränd|torg|torget)\\s*${HOUSE}`,
].map((street) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${street})${ZIP_CITY}`, 'gu'));
const DISTRICT_AFTER_STREET = new RegExp(`\\[ADDRESS\\](,?\\s+)(\\p{Lu}[${L}'’-]*)(?=\\s*(?:[.,;!?]|$))`, 'gu');
const BRITISH_POSTCODE = new RegExp(
  `(?:${CAP}\\s+)?(?<![\\p{L}\\p{N}])[A-Z]{1,2}\\d[A-Z\\d]?\\s?\\d[A-Z]{2}(?![\\p{L}\\p{N}])`,
  'gu',
);
const ZIP_AND_CITY = new RegExp(
  `(?<![\\p{L}\\p{N}.,])(?:[ADS]-|CH-|N-|NO-|SE-)?(\\d{5}|\\d{4}|\\d{3}\\s\\d{2})\\s+(${CAP}(?:[\\s-]${CAP})?)`,
  'gu',
);

/** Street addresses, postcodes and postal codes with their towns, each replaced by [ADDRESS]. */
export function replaceAddresses(text: string): string {
  let out = text;
  for (const street of STREETS) out = out.replace(street, '[ADDRESS]');
  // the district or town after a street, ending the clause ("Bağdat Caddesi No 45 Kadıköy")
  out = replaceAll(out, DISTRICT_AFTER_STREET, (m) =>
    isOrdinaryWord(m[2]!) || cues.stopWords.has(m[2]!.toLowerCase()) ? undefined : '[ADDRESS]',
  );
  // a British postcode ("NW1 6XE", "BS5 9JA"), with the town before it
  out = out.replace(BRITISH_POSTCODE, '[ADDRESS]');
  // postal code and city alone ("in 20095 Hamburg", "CH-8001 Zürich", "114 55 Stockholm")
  out = replaceAll(out, ZIP_AND_CITY, (m) => {
    const city = (m[2] ?? '').toLowerCase();
    return NOT_CITY.has(city.split(/[\s-]/)[0]!) ? undefined : '[ADDRESS]';
  });
  return out;
}

/** A place: one or two capitalised words ("Bad Homburg", "Cinisello Balsamo", "Frankfurt am Main"). */
const PLACE = `(${CAP}(?:(?:[\\s-]|\\s(?:am|an der|upon|sur|sul|del|de)\\s)${CAP})?)`;

/** Whether a capitalised word after a residence verb names a place. */
function isPlace(place: string): boolean {
  const words = place.split(/\s+(?:am|an der|upon|sur|sul|del|de)\s+|[\s-]/);
  if (cues.notPlaces.has(fold(words[0]!))) return false;
  return (
    isCity(place) || words.some((word) => isCity(word) || (!cues.notPlaces.has(fold(word)) && !isOrdinaryWord(word)))
  );
}

/** The second word of a place is kept when it is an ordinary word ("in Köln Arbeit gefunden"). */
function placeReplacement(place: string): string {
  const words = place.split(/\s+/);
  if (words.length === 2 && !isCity(place) && isOrdinaryWord(words[1]!)) return `[ADDRESS] ${words[1]}`;
  return '[ADDRESS]';
}

const RESIDENCE_BEFORE = new RegExp(
  `(${NB}(?:${anyCase(cues.residence)})${NE}(?:\\s+[${L}]+){0,4}?\\s+(?:${cues.residencePreposition})\\s+)${PLACE}`,
  'gu',
);
const MOVED_TO = new RegExp(`(${NB}nach\\s+)${PLACE}(\\s+(?:um)?gezogen${NE})`, 'gu');
const RESIDENCE_AFTER = new RegExp(`${NB}(${CAP})(['’]\\p{Ll}{1,4}\\s+(?:${cues.residenceAfter})${NE})`, 'gu');

/**
 * A place of residence after a verb of living or moving, in either word order: "ich wohne in Köln",
 * "jetzt wohne ich in Köln", "nu bor jag i Göteborg", "I moved to Leeds", "nach Bielefeld gezogen",
 * "Eskişehir'de oturuyorum". Known cities and unknown towns alike, countries and nouns aside.
 */
export function replaceResidence(text: string): string {
  let out = replaceAll(text, RESIDENCE_BEFORE, (m) =>
    isPlace(m[2]!) ? `${m[1]}${placeReplacement(m[2]!)}` : undefined,
  );
  out = replaceAll(out, MOVED_TO, (m) => (isPlace(m[2]!) ? `${m[1]}[ADDRESS]${m[3]}` : undefined));
  return replaceAll(out, RESIDENCE_AFTER, (m) => (isPlace(m[1]!) ? `[ADDRESS]${m[2]}` : undefined));
}
