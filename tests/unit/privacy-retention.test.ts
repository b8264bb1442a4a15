/** The privacy text states both retention periods of the assistant's data in every language (issue 15). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { languages } from '#server/i18n/languages.ts';

describe('privacy text on retention', () => {
  it.each(languages)('%s names 24 hours for chat transcripts and 6 months for the anonymised log', (language) => {
    const text = JSON.parse(readFileSync(`locales/${language}/privacy.json`, 'utf8')) as {
      privacy: { sections: { retention: { body: string } } };
    };
    const body = text.privacy.sections.retention.body;
    expect(body).toMatch(/\b24\b/);
    // The visitor-data line and the anonymised assistant questions both say 6 months.
    expect(body.match(/\b6\b/g)?.length).toBeGreaterThanOrEqual(2);
  });
});
