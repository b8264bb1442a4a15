/**
 * Letter links for a batch (issue 29): the agency's letter run asks, for the files of a batch,
 * the link each letter's QR code prints. A link signs the file's reference and an expiry
 * (server/auth/letter-links.ts) and is redeemed once; it is made without storing anything, so a
 * batch of thousands costs one query. Only files the portal holds get a link: a reference it
 * does not know, or a file deleted or legally blocked, is answered as such, so that no letter
 * prints a link that cannot work.
 */
import { inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { createLetterToken } from '../auth/letter-links.ts';
import { openFile } from '../claims/file-queries.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { variants, type VariantId } from '../variants/config.ts';
import { publicUrl } from '../variants/public-url.ts';
import { parseReference } from './reference.ts';

/** At most this many references in one call (a letter run asks in pages). */
export const maxLetterLinks = 1000;

export const letterLinksInput = z
  .object({
    references: z
      .array(z.string().regex(/^\d{9}(?:-\d{1,4})?$/, 'a reference number, with -<subcase> when not 1'))
      .min(1)
      .max(maxLetterLinks)
      .describe('The files of the batch: reference numbers, `-<subcase>` when the subcase is not 1.'),
    validDays: z
      .number()
      .int()
      .min(1)
      .max(180)
      .default(90)
      .describe('How long the links work (days); each works once.'),
  })
  .strict()
  .meta({ id: 'LetterLinksInput' });

export const letterLinksSchema = z
  .object({
    links: z.array(
      z.object({
        reference: z.string(),
        url: z.string().nullable().describe('What the QR code prints; null when the file cannot be reached.'),
        expiresAt: z.string().nullable(),
        problem: z
          .enum(['unknownFile', 'notReachable'])
          .nullable()
          .describe('`unknownFile`: the portal holds no such file; `notReachable`: deleted or legally blocked.'),
      }),
    ),
  })
  .meta({ id: 'LetterLinks', description: 'One entry per reference asked, in the order asked.' });

export type LetterLinks = z.infer<typeof letterLinksSchema>;

export async function letterLinksFor(
  db: Database,
  input: z.output<typeof letterLinksInput>,
  now: Date,
): Promise<LetterLinks> {
  const asked = input.references.map((reference) => ({ reference, key: parseReference(reference) }));
  const keys = asked.flatMap(({ key }) => (key ? [key] : []));
  const refnos = [...new Set(keys.map((key) => key.refno))];
  const rows =
    refnos.length === 0
      ? []
      : await db
          .select({
            refno: t.files.refno,
            subcase: t.files.subcase,
            variant: t.files.variant,
            open: sql<boolean>`(${openFile()})`.mapWith(Boolean),
          })
          .from(t.files)
          .where(inArray(t.files.refno, refnos));
  const byKey = new Map(rows.map((row) => [`${row.refno}-${row.subcase}`, row]));
  const expiresAt = new Date(now.getTime() + input.validDays * 86_400_000).toISOString();
  return {
    links: asked.map(({ reference, key }) => {
      const row = key ? byKey.get(`${key.refno}-${key.subcase}`) : undefined;
      if (!row || !key) return { reference, url: null, expiresAt: null, problem: 'unknownFile' as const };
      if (!row.open) return { reference, url: null, expiresAt: null, problem: 'notReachable' as const };
      const token = createLetterToken(key.refno, key.subcase, { validDays: input.validDays, now });
      const variant = variants[row.variant as VariantId] ?? variants.de;
      return { reference, url: publicUrl(variant, `/l/${token}`), expiresAt, problem: null };
    }),
  };
}
