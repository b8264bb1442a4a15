import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { captionsFor } from '#server/documents/explainer.ts';
import { languages } from '#server/i18n/languages.ts';

const root = path.resolve(import.meta.dirname, '../..');

describe('explanation video captions', () => {
  it('numbers the cues and times them scene by scene', () => {
    expect(captionsFor(['Eins', 'Zwei'])).toBe(
      'WEBVTT\n\n1\n00:00.000 --> 00:08.000\nEins\n\n2\n00:08.000 --> 00:16.000\nZwei\n',
    );
  });

  it.each(languages)(
    '%s: the published captions match the transcript in the locales (else run scripts/make-explainer.ts)',
    async (language) => {
      const locale = JSON.parse(await readFile(path.join(root, 'locales', language, 'claimInfo.json'), 'utf8')) as {
        video: { transcript: string[] };
      };
      const published = await readFile(path.join(root, 'public/media', `explainer.${language}.vtt`), 'utf8');
      expect(published).toBe(captionsFor(locale.video.transcript));
    },
  );
});
