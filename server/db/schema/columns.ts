/** Columns every table writes the same way. Money is an integer of minor units, never a float. */
import { integer, timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const money = (name: string) => integer(name);
