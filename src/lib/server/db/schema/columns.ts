// Column helpers and types shared by the schema modules.
import { timestamp } from 'drizzle-orm/pg-core';

/** A map from locale code to text, e.g. { de: 'Bohrer', en: 'Drill' }. */
export type LocalizedText = Partial<Record<string, string>>;

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
