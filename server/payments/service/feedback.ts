/**
 * Feedback after paying or leaving (section 7 createPaymentFeedback, LeftWithoutPaymentFeedback,
 * CheckPaymentFeedback).
 */
import { and, eq, gte } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

/** Stores a payment's rating as the debtor gave it: no stars is null, an empty comment is none. */
export async function savePaymentFeedback(
  db: Database,
  input: {
    fileId: number;
    source: 'payment' | 'leftWithoutPayment';
    paymentMethod: string | null;
    paymentProvider: string | null;
  },
  rating: { stars?: number; comment?: string },
): Promise<void> {
  await db.insert(t.feedback).values({
    fileId: input.fileId,
    source: input.source,
    stars: rating.stars ?? null,
    freeText: rating.comment || null,
    paymentMethod: input.paymentMethod,
    paymentProvider: input.paymentProvider,
  });
}

/**
 * Whether the file has given feedback of this kind since a payment was started (one per payment:
 * the confirmation page's form and the API's createPaymentFeedback and CheckPaymentFeedback).
 */
export async function paymentFeedbackGiven(
  db: Database,
  input: { fileId: number; source: 'payment' | 'leftWithoutPayment'; since: Date },
): Promise<boolean> {
  const rows = await db
    .select({ id: t.feedback.id })
    .from(t.feedback)
    .where(
      and(
        eq(t.feedback.fileId, input.fileId),
        eq(t.feedback.source, input.source),
        gte(t.feedback.createdAt, input.since),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
