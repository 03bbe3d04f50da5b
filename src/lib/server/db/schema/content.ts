// Content service entries and bookkeeping.
import { bigserial, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.ts';

// ------------------------------------------------------------------ content
/**
 * Content service entries (see docs/content.md). type is 'block' | 'setting' | 'page';
 * locale '' means the entry applies to every locale unless a localized row exists.
 */
export const contentBlocks = pgTable(
  'content_blocks',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    identifier: text('identifier').notNull(),
    locale: text('locale').notNull().default(''),
    content: text('content'),
    script: text('script'),
    config: jsonb('config'),
    /** Counts publishes of this entry (the workspace's history and the content API's ETag). */
    version: integer('version').notNull().default(1),
    /** Who published it last: 'staff:<email>', 'token:<id>:<name>', or null for the seed or SQL. */
    updatedBy: text('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('content_blocks_key_idx').on(t.type, t.identifier, t.locale)],
);

/** Bookkeeping for the demo generator: which seed produced this database. */
export const meta = pgTable('meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

// ------------------------------------------------------------------ publishing
/**
 * Every publish event, whether a signed webhook or the shop's own writes (seed, imports): what changed,
 * which cache tags it dropped, and when it was received and applied. The id is the webhook-id, so a
 * replayed delivery finds its row and is acknowledged without being applied twice. seq orders the
 * events for an instance catching up on the ones it missed.
 */
export const publishEvents = pgTable(
  'publish_events',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    id: text('id').notNull(),
    source: text('source').notNull(),
    changes: jsonb('changes').notNull(),
    tags: jsonb('tags').$type<string[] | 'all'>(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('publish_events_id_idx').on(t.id)],
);

/** When the data behind a cache tag last changed: pages' Last-Modified and the sitemaps' lastmod. */
export const cacheTags = pgTable('cache_tags', {
  tag: text('tag').primaryKey(),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
});
