// The workspace's media library (src/lib/server/media): pictures an editor uploads once and uses in
// banners, content pages and the logo. Each file is stored once under DATA_DIR/media by the digest of
// its bytes; a medium keeps its id when its file is replaced, so content names the medium
// (/images/lib/{id}) and the pages showing it name its current file's version.
import { integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

export const media = pgTable(
  'media',
  {
    id: serial('id').primaryKey(),
    /** The first 32 hex digits of the SHA-256 of the file: the stored file is {digest}.{ext}. */
    digest: text('digest').notNull(),
    ext: text('ext').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    /** The uploaded file's name, as the editor knows it. */
    name: text('name').notNull(),
    /** Alternative text per shop language ({ de: '…', en: '…' }); a medium is used only with all five. */
    alt: jsonb('alt').$type<Record<string, string>>().notNull().default({}),
    /** Counts the files the medium has had (1: never replaced). */
    revision: integer('revision').notNull().default(1),
    updatedBy: text('updated_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The same bytes uploaded twice are one medium.
  (t) => [uniqueIndex('media_digest_idx').on(t.digest)],
);
