/** Issue 25, finding 11: a character count is written as the reader's language writes numbers. */
import { describe, expect, it } from 'vitest';
import { formatCount } from '~/components/ui/CharacterCount';

describe('formatCount', () => {
  it.each([
    ['en-DE', '5,000'],
    ['en-CH', '5,000'],
    ['de-DE', '5.000'],
    ['de-CH', '5.000'],
    ['tr-DE', '5.000'],
    ['it-CH', '5000'],
    ['es-DE', '5000'],
    ['fr-CH', '5\u202f000'],
    ['sv-SE', '5\u00a0000'],
  ])('in %s: %s', (locale, written) => {
    expect(formatCount(5000, locale)).toBe(written);
  });
});
