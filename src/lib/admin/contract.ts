// Contracts of the editor workspace (src/pages/api/admin). An entry's config is checked twice: against
// the well-formedness rules here (what PostgreSQL's jsonb would refuse), then on the server against the
// schema of its kind (src/lib/content/schemas.ts), the same one the shop renders with.
import { z } from 'astro/zod';
import { operation } from '../http/contract.ts';
import { dbId, int, text } from '../http/fields.ts';
import { LOCALES } from '../i18n/locales.ts';
import { adminRoutes } from './routes.ts';
import { STAFF_ROLES, TOKEN_SCOPES } from './rules.ts';

const ENTRY_TYPES = ['block', 'setting', 'page'] as const;
const identifier = text({ max: 120 }).regex(/^[a-z0-9][a-z0-9-]*$/, 'must be lower-case letters, digits and hyphens');

/**
 * '' is the row every language uses unless it has its own.
 * @internal Exported for the admin fuzz test; the schemas below use it.
 */
export const entryLocaleSchema = z.enum(['', ...LOCALES]);

export const entryKeySchema = z
  .object({
    type: z.enum(ENTRY_TYPES),
    identifier,
    locale: entryLocaleSchema,
  })
  .strict();
export type EntryKey = z.infer<typeof entryKeySchema>;

/** The most a config or an HTML content may hold: a menu of a few hundred entries in five languages fits. */
export const MAX_ENTRY_BYTES = 256 * 1024;

// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** The first string in a JSON value that PostgreSQL would refuse (NUL, lone surrogates) or that hides control characters. */
function badText(
  value: unknown,
  path: (string | number)[] = [],
  depth = 0,
): { path: (string | number)[]; message: string } | null {
  if (depth > 32) return { path, message: 'is nested too deeply' };
  if (typeof value === 'string') {
    if (!value.isWellFormed()) return { path, message: 'is not well-formed text' };
    return CONTROL.test(value) ? { path, message: 'must not contain control characters' } : null;
  }
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = badText(item, [...path, i], depth + 1);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = badText(key, path, depth + 1) ?? badText(item, [...path, key], depth + 1);
      if (found) return found;
    }
  }
  return null;
}

/** A config as JSON: checked against its kind's schema on the server. */
export const configSchema = z.unknown().superRefine((value, ctx) => {
  const found = badText(value);
  if (found) ctx.addIssue({ code: 'custom', message: found.message, path: found.path });
});

/** HTML of a banner, bar, cart header or content page; sanitized on save. */
const contentSchema = text({ max: MAX_ENTRY_BYTES, multiline: true }).nullable();

const editorSchema = z.object({ by: z.string(), at: z.string() });

const liveSchema = z
  .object({ version: z.number(), config: z.unknown(), content: z.string().nullable() })
  .extend(editorSchema.shape);
const draftSchema = z
  .object({ revision: z.number(), baseVersion: z.number(), config: z.unknown(), content: z.string().nullable() })
  .extend(editorSchema.shape);

const entryRowSchema = z.object({
  type: z.enum(ENTRY_TYPES),
  identifier: z.string(),
  /** Whether the workspace has an editor for it (a kind of the content schemas). */
  editable: z.boolean(),
  locales: z.array(
    z.object({
      locale: entryLocaleSchema,
      status: z.enum(['published', 'draft', 'changed']),
      version: z.number(),
    }),
  ),
  lastEditor: z.string().nullable(),
  lastChange: z.string().nullable(),
});
export type EntryRow = z.infer<typeof entryRowSchema>;

const entryDetailSchema = entryKeySchema.extend({
  editable: z.boolean(),
  /** Whether the kind holds HTML (banners, bars, cart header, content pages). */
  html: z.boolean(),
  live: liveSchema.nullable(),
  draft: draftSchema.nullable(),
  versions: z.array(z.object({ version: z.number(), by: z.string(), at: z.string(), deleted: z.boolean() })),
  /** The other language rows of the same entry. */
  locales: z.array(entryLocaleSchema),
});
export type EntryDetail = z.infer<typeof entryDetailSchema>;

const publishedSchema = z.object({
  version: z.number(),
  /** When the pages showing it were dropped on this instance (ISO time), and how long that took from the click. */
  liveAt: z.string(),
  ms: z.number(),
  /** What was dropped: the cache tags, or 'all' for a change every page shows. */
  tags: z.union([z.array(z.string()), z.literal('all')]),
});

const staffSchema = z.object({
  id: z.number(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  disabled: z.boolean(),
  createdAt: z.string(),
});
export type StaffRow = z.infer<typeof staffSchema>;

const tokenSchema = z.object({
  id: z.number(),
  name: z.string(),
  scopes: z.array(z.enum(TOKEN_SCOPES)),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type TokenRow = z.infer<typeof tokenSchema>;

const email = text({ max: 254 })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'must be an e-mail address' }));
const ok = z.object({ ok: z.literal(true) });

/**
 * What making a value live can meet: a stale edit, content its schema refuses, a library picture that
 * is gone or lacks an alternative text, an entry that is gone.
 */
const LIVE_WRITE_ERRORS = [
  'UNAUTHENTICATED',
  'VERSION_CONFLICT',
  'CONTENT_INVALID',
  'MEDIA_ALT_MISSING',
  'MEDIA_NOT_FOUND',
  'CONTENT_NOT_FOUND',
] as const;

export const adminApi = {
  signIn: operation({
    ...adminRoutes.signIn,
    request: z.object({ email: text({ max: 254 }).trim().min(1), password: text({ max: 256 }).min(1) }).strict(),
    response: z.object({ email: z.string(), role: z.enum(STAFF_ROLES) }),
    errors: ['INVALID_CREDENTIALS', 'TOO_MANY_ATTEMPTS', 'SERVER_BUSY'],
    maxBodyBytes: 2048,
  }),
  signOut: operation({ ...adminRoutes.signOut, request: z.object({}).strict(), response: ok, errors: [] }),
  setPassword: operation({
    ...adminRoutes.setPassword,
    request: z.object({ token: text({ max: 128 }).min(1), password: text({ max: 128 }).min(1) }).strict(),
    response: ok,
    errors: ['INVALID_TOKEN', 'INVALID_PASSWORD', 'SERVER_BUSY'],
    maxBodyBytes: 2048,
  }),
  entries: operation({
    ...adminRoutes.entries,
    request: z.object({}).strict(),
    response: z.object({ entries: z.array(entryRowSchema) }),
    errors: ['UNAUTHENTICATED'],
  }),
  entry: operation({
    ...adminRoutes.entry,
    request: entryKeySchema,
    response: entryDetailSchema,
    errors: ['UNAUTHENTICATED'],
  }),
  version: operation({
    ...adminRoutes.version,
    request: entryKeySchema.extend({ version: z.coerce.number().pipe(int({ min: 1 })) }),
    response: z.object({
      version: z.number(),
      config: z.unknown(),
      content: z.string().nullable(),
      deleted: z.boolean(),
    }),
    errors: ['UNAUTHENTICATED', 'CONTENT_NOT_FOUND'],
  }),
  saveDraft: operation({
    ...adminRoutes.saveDraft,
    request: entryKeySchema.extend({
      config: configSchema,
      content: contentSchema,
      /** The draft revision this edit started from; 0 when there was no draft. */
      revision: int({ min: 0 }),
      /**
       * The live version the editor has seen (0: none). A draft started before someone else published
       * cannot be published until it is saved again by an editor who has seen that version.
       */
      base: int({ min: 0 }).optional(),
    }),
    response: draftSchema,
    errors: [
      'UNAUTHENTICATED',
      'FORBIDDEN',
      'VERSION_CONFLICT',
      'CONTENT_INVALID',
      'MEDIA_ALT_MISSING',
      'MEDIA_NOT_FOUND',
    ],
    maxBodyBytes: 2 * MAX_ENTRY_BYTES,
  }),
  discardDraft: operation({
    ...adminRoutes.discardDraft,
    request: entryKeySchema.extend({ revision: int({ min: 1 }) }),
    response: ok,
    errors: ['UNAUTHENTICATED', 'VERSION_CONFLICT'],
  }),
  publish: operation({
    ...adminRoutes.publish,
    request: entryKeySchema.extend({ revision: int({ min: 1 }) }),
    response: publishedSchema,
    errors: LIVE_WRITE_ERRORS,
  }),
  rollback: operation({
    ...adminRoutes.rollback,
    request: entryKeySchema.extend({
      /** The version to bring back. */
      version: int({ min: 1 }),
      /** The live version the editor saw: another publish since then is a conflict. */
      current: int({ min: 1 }),
    }),
    response: publishedSchema,
    errors: LIVE_WRITE_ERRORS,
  }),
  deleteEntry: operation({
    ...adminRoutes.deleteEntry,
    request: entryKeySchema.extend({
      /** The live version the editor saw: another publish since then is a conflict. */
      current: int({ min: 1 }),
    }),
    response: publishedSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'VERSION_CONFLICT', 'CONTENT_NOT_FOUND', 'CONTENT_INVALID'],
  }),
  staff: operation({
    ...adminRoutes.staff,
    request: z.object({}).strict(),
    response: z.object({ staff: z.array(staffSchema) }),
    errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
  }),
  addStaff: operation({
    ...adminRoutes.addStaff,
    request: z.object({ email, role: z.enum(STAFF_ROLES) }).strict(),
    response: staffSchema,
    status: 201,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'STAFF_EXISTS'],
  }),
  updateStaff: operation({
    ...adminRoutes.updateStaff,
    request: z.object({ id: dbId(), role: z.enum(STAFF_ROLES).optional(), disabled: z.boolean().optional() }).strict(),
    response: staffSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'STAFF_NOT_FOUND', 'LAST_ADMIN'],
  }),
  tokens: operation({
    ...adminRoutes.tokens,
    request: z.object({}).strict(),
    response: z.object({ tokens: z.array(tokenSchema) }),
    errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
  }),
  createToken: operation({
    ...adminRoutes.createToken,
    request: z
      .object({
        name: text({ max: 80 }).trim().min(1),
        scopes: z.array(z.enum(TOKEN_SCOPES)).min(1).max(TOKEN_SCOPES.length),
      })
      .strict(),
    /** The token itself is in this answer only; the shop keeps its hash. */
    response: tokenSchema.extend({ token: z.string() }),
    status: 201,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
  }),
  revokeToken: operation({
    ...adminRoutes.revokeToken,
    request: z.object({ id: dbId() }).strict(),
    response: tokenSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'TOKEN_NOT_FOUND'],
  }),
};
