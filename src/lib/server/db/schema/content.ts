// Content service entries and bookkeeping.
import {
  jsonb, pgTable, serial, text, uniqueIndex,
} from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.ts';

// ------------------------------------------------------------------ content
/**
 * Content service entries (see docs/content.md). type is 'block' | 'setting' | 'page';
 * locale '' means the entry applies to every locale unless a localized row exists.
 */
export const contentBlocks = pgTable('content_blocks', {
  id: serial('id').primaryKey(),
  type: text('type').notNull(),
  identifier: text('identifier').notNull(),
  locale: text('locale').notNull().default(''),
  content: text('content'),
  script: text('script'),
  config: jsonb('config'),
  updatedAt: updatedAt(),
}, (t) => [uniqueIndex('content_blocks_key_idx').on(t.type, t.identifier, t.locale)]);

/** Bookkeeping for the demo generator: which seed produced this database. */
export const meta = pgTable('meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});
