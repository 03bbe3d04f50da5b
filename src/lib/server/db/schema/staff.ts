// The editor workspace: staff accounts (separate from customers), their sessions, API tokens for
// outside systems, drafts and published versions of content entries, and the audit trail.
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import type { StaffRole } from '#lib/admin/rules.ts';

/** What the audit page's free-text search looks in; the query repeats it word for word, so the index serves it. */
export const AUDIT_SEARCH_TEXT = sql.raw(
  `(actor || ' ' || action || ' ' || target || ' ' || coalesce(details::text, ''))`,
);

/**
 * Staff who run the shop: role 'editor' (content), 'sales' (orders on behalf of customers) or 'admin'
 * (all of it, and staff and API tokens).
 */
export const staffUsers = pgTable('staff_users', {
  id: serial('id').primaryKey(),
  /** Lower-cased. */
  email: text('email').notNull().unique(),
  /** argon2id; null until the invited person sets a password. */
  passwordHash: text('password_hash'),
  role: text('role').$type<StaffRole>().notNull(),
  createdAt: createdAt(),
  /** A disabled account cannot sign in, and its sessions and tokens stop working. */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
});

/** Workspace sessions: only the SHA-256 of the cookie's token is stored. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /**
     * While the session previews drafts: the SHA-256 of the preview cookie's token and when the preview
     * ends. The preview lives and dies with its session (sign-out, a disabled account, a new password).
     */
    previewHash: text('preview_hash').unique(),
    previewExpiresAt: timestamp('preview_expires_at', { withTimezone: true }),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/** One-time links to set a staff password (invitation or reset), hashed, single use. */
export const staffPasswordTokens = pgTable('staff_password_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  staffId: integer('staff_id')
    .notNull()
    .references(() => staffUsers.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** API tokens for an outside CMS, PIM or script: shown once, stored hashed, scoped, revocable. */
export const apiTokens = pgTable('api_tokens', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  scopes: jsonb('scopes').$type<string[]>().notNull(),
  createdBy: integer('created_by').references(() => staffUsers.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

/**
 * An entry's unpublished edit, one per entry. `revision` counts its saves (the optimistic version a
 * save must name); `baseVersion` is the published version it started from (0: a new entry).
 */
export const contentDrafts = pgTable(
  'content_drafts',
  {
    type: text('type').notNull(),
    identifier: text('identifier').notNull(),
    locale: text('locale').notNull(),
    content: text('content'),
    config: jsonb('config'),
    baseVersion: integer('base_version').notNull(),
    revision: integer('revision').notNull(),
    updatedBy: text('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.type, t.identifier, t.locale] })],
);

/** Every published version of an entry (a deletion too), for history, diff and rollback. */
export const contentVersions = pgTable(
  'content_versions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    identifier: text('identifier').notNull(),
    locale: text('locale').notNull(),
    version: integer('version').notNull(),
    content: text('content'),
    config: jsonb('config'),
    /** The entry was removed by this version. */
    deleted: boolean('deleted').notNull().default(false),
    publishedBy: text('published_by').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('content_versions_entry_idx').on(t.type, t.identifier, t.locale, t.version)],
);

/** Who did what, when, to what, from which version to which: one row per write of the workspace or the API. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** 'staff:<email>' or 'token:<id>:<name>' or 'cli'. */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    /** 'block:menu:en', 'staff:3', 'token:2', 'product:SKU'. */
    target: text('target').notNull(),
    fromVersion: integer('from_version'),
    toVersion: integer('to_version'),
    details: jsonb('details'),
  },
  (t) => [
    index('audit_log_target_idx').on(t.target, t.at),
    // The audit page pages newest first by id and filters by actor or action (src/lib/server/admin/audit-log.ts).
    index('audit_log_actor_idx').on(t.actor, t.id),
    index('audit_log_action_idx').on(t.action, t.id),
    // Its free-text search: a substring of actor, action, target or details, by trigrams.
    index('audit_log_search_idx').using('gin', sql`${AUDIT_SEARCH_TEXT} gin_trgm_ops`),
  ],
);

/**
 * Catalogue imports: one row per run of `npm run import` or POST /api/admin/imports, with its
 * progress while it runs and its report (every refused record, in words) when it is done.
 */
export const imports = pgTable(
  'imports',
  {
    id: text('id').primaryKey(),
    /** running | done | failed (failed: nothing applied, the error says why). */
    status: text('status').$type<'running' | 'done' | 'failed'>().notNull(),
    fileName: text('file_name').notNull(),
    format: text('format'),
    /** Validate only (--check), or all or nothing (--strict). */
    checkOnly: boolean('check_only').notNull().default(false),
    strict: boolean('strict').notNull().default(false),
    /** Who started it: a staff e-mail, a token name or "cli". */
    actor: text('actor').notNull(),
    /** Records read, created, updated, unchanged, deleted, refused, as the run goes. */
    counts: jsonb('counts').$type<Record<string, number>>().notNull().default({}),
    /** The refused records: file, line, id, field, reason. Capped (REPORT_LIMIT in the importer). */
    report: jsonb('report')
      .$type<{ file: string; line: number; id?: string; field?: string; reason: string }[]>()
      .notNull()
      .default([]),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('imports_started_idx').on(t.startedAt)],
);
