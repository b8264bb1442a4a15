/**
 * Removes what must never reach a log line: reference numbers, IBANs, e-mail addresses,
 * personal numbers and tokens. Applied to URLs and free text before logging.
 */
const patterns: Array<[RegExp, string]> = [
  // IBAN: two letters, two digits, then 11 to 30 alphanumerics (optionally grouped by spaces).
  [/\b[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]){11,30}\b/gi, '[iban]'],
  [/[A-Z0-9._%+-]+(?:@|%40)[A-Z0-9.-]+\.[A-Z]{2,}/gi, '[email]'],
  // Reference numbers (9 digits with optional subcase) and any longer digit run (personal numbers).
  [/\b\d{9}(?:[-/]\d{1,3})?\b|\d{10,}/g, '[number]'],
];

const secretParams = new Set(['token', 't', 'az', 'refno', 'code', 'state', 'email', 'iban', 'sig', 'password']);

export function scrubText(value: string): string {
  return patterns.reduce((text, [pattern, replacement]) => text.replace(pattern, replacement), value);
}

export function scrubUrl(value: string): string {
  const [path = '', query] = value.split('?', 2);
  const safePath = scrubText(path)
    // A long opaque segment in a path is a token (letter links), and so are two long parts joined
    // by a dot (a password-reset link: they were logged in clear before).
    .replace(/\/[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{24,}(?=\/|$)/g, '/[token]')
    .replace(/\/[A-Za-z0-9_-]{24,}(?=\/|$)/g, '/[token]');
  if (!query) return safePath;
  const params = new URLSearchParams(query);
  const kept: string[] = [];
  for (const [key, val] of params) {
    kept.push(`${key}=${secretParams.has(key.toLowerCase()) ? '[redacted]' : scrubText(val)}`);
  }
  return `${safePath}?${kept.join('&')}`;
}
