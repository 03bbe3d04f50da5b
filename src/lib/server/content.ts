// Access point to the content service (content_blocks table). Every config goes through its zod
// schema here, so pages only ever see validated, typed content.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import { contentBlocks, contentDrafts, meta } from './db/schema.ts';
import { inPreview } from './preview-scope.ts';
import { getDb, parseRows } from './db/index.ts';
import type { Db } from './db/client.ts';
import {
  BUILT_IN_BRANDING,
  contentSchemas,
  contentKeySchema,
  pageConfigSchema,
  type contentConfigSchemas,
} from '../content/schemas.ts';
import { parseLeavingOut } from '../content/leave-out.ts';
import { env } from './env.ts';
import { logger } from './log.ts';
import type { Locale } from '../i18n/locales.ts';
import { slugConflicts, type PageRow, type PublishedAddresses } from '../content/page-slugs.ts';

type ConfigKey = keyof typeof contentConfigSchemas;
export type ContentConfig<K extends ConfigKey> = z.infer<(typeof contentConfigSchemas)[K]>;

export interface ContentBlock<C> {
  type: string;
  identifier: string;
  locale: string;
  content: string | null;
  script: string | null;
  config: C;
}

class ContentError extends Error {
  readonly code = 'CONTENT_INVALID';
}

/** Looks up a raw block: the locale's own row wins over the all-locales row (locale ''). */
async function findContent(type: string, identifier: string, locale: Locale) {
  const key = contentKeySchema.safeParse({ type, identifier });
  if (!key.success) throw new ContentError('Content type is required');
  const db = await getDb();
  const rows = await db
    .select()
    .from(contentBlocks)
    .where(
      and(
        eq(contentBlocks.type, key.data.type),
        eq(contentBlocks.identifier, key.data.identifier),
        inArray(contentBlocks.locale, [locale, '']),
      ),
    );
  const pick = (from: typeof rows) =>
    from.find((r) => r.locale === locale) ?? from.find((r) => r.locale === '') ?? null;
  return inPreview() ? pick(await withDrafts(db, rows, key.data, locale)) : pick(rows);
}

/** In an editor's preview, each row's draft (or a draft of a row not published yet) takes its place. */
async function withDrafts(
  db: Db,
  rows: (typeof contentBlocks.$inferSelect)[],
  key: { type: string; identifier: string },
  locale: Locale,
) {
  const drafts = await db
    .select()
    .from(contentDrafts)
    .where(
      and(
        eq(contentDrafts.type, key.type),
        eq(contentDrafts.identifier, key.identifier),
        inArray(contentDrafts.locale, [locale, '']),
      ),
    );
  const merged = new Map(rows.map((r) => [r.locale, r]));
  for (const d of drafts) {
    const live = merged.get(d.locale);
    merged.set(d.locale, {
      id: live?.id ?? 0,
      type: d.type,
      identifier: d.identifier,
      locale: d.locale,
      content: d.content,
      config: d.config,
      script: live?.script ?? null,
      version: live?.version ?? 0,
      updatedBy: d.updatedBy,
      updatedAt: d.updatedAt,
    });
  }
  return [...merged.values()];
}

/** The content schemas with the picture hosts this shop's operator allows (CONTENT_IMAGE_HOSTS). */
const shopContentSchemas = () => contentSchemas(env().CONTENT_IMAGE_HOSTS);

/** What a required field breaking a link or picture rule is read as, instead of leaving the entry out. */
const READ_FALLBACKS: Partial<Record<ConfigKey, Record<string, unknown>>> = { 'setting:branding': BUILT_IN_BRANDING };

/**
 * A known block or setting, parsed with its schema; null when the content service has none. What
 * breaks a link or picture rule is left out (src/lib/content/leave-out.ts), and an entry that
 * cannot stand without it reads as absent; any other fault is an error (the error page).
 */
export async function getContent<K extends ConfigKey>(
  key: K,
  locale: Locale,
): Promise<ContentBlock<ContentConfig<K>> | null> {
  return readContent(key, locale, false);
}

async function readContent<K extends ConfigKey>(
  key: K,
  locale: Locale,
  strict: boolean,
): Promise<ContentBlock<ContentConfig<K>> | null> {
  const [type, identifier] = key.split(':') as [string, string];
  const row = await findContent(type, identifier, locale);
  if (!row) return null;
  const schema = shopContentSchemas()[key];
  const read = strict ? null : parseLeavingOut(schema, row.config ?? {}, READ_FALLBACKS[key]);
  if (read && !read.ok && read.unsafeOnly) {
    logger.warn(
      { content: key, locale: row.locale || '*', problems: describeIssues(read.issues) },
      'content left out: it breaks the link and picture rules',
    );
    return null;
  }
  if (read?.ok && read.leftOut.length > 0)
    logger.warn(
      { content: key, locale: row.locale || '*', leftOut: read.leftOut },
      'content partly left out: it breaks the link and picture rules',
    );
  const config = (read?.ok ? read.data : parseConfig(schema, row, key)) as ContentConfig<K>;
  return {
    ...row,
    config:
      key === 'setting:branding'
        ? (localizeBranding(config as ContentConfig<'setting:branding'>, locale) as ContentConfig<K>)
        : config,
  };
}

/** One branding row serves every language: its description in the page's language, if it has one, replaces the default. */
function localizeBranding(
  config: ContentConfig<'setting:branding'>,
  locale: Locale,
): ContentConfig<'setting:branding'> {
  const description = config.descriptions[locale];
  return description ? { ...config, description } : config;
}

const describeIssues = (issues: readonly z.core.$ZodIssue[]) =>
  issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');

function parseConfig<S extends z.ZodType>(
  schema: S,
  row: { config: unknown; locale: string },
  key: string,
): z.infer<S> {
  const parsed = schema.safeParse(row.config ?? {});
  if (!parsed.success)
    throw new ContentError(
      `Content ${key} (${row.locale || 'all locales'}) is invalid: ${describeIssues(parsed.error.issues)}`,
    );
  return parsed.data;
}

export type ContentPage = NonNullable<Awaited<ReturnType<typeof getContentPage>>>;

export async function getContentPage(identifier: string, locale: Locale) {
  if (!contentKeySchema.shape.identifier.safeParse(identifier).success) return null;
  const row = await findContent('page', identifier, locale);
  if (!row) return null;
  return { ...row, config: parseConfig(pageConfigSchema, row, `page:${identifier}`) };
}

/** Every content page row with its slug (locale '' is the all-languages row). */
export async function listContentPages(db?: Db): Promise<PageRow[]> {
  db ??= await getDb();
  const rows = await db
    .select({
      identifier: contentBlocks.identifier,
      locale: contentBlocks.locale,
      slug: sql<string | null>`${contentBlocks.config}->>'slug'`,
    })
    .from(contentBlocks)
    .where(eq(contentBlocks.type, 'page'));
  // An editor's preview reaches the pages as drafted: a new page, or a page at its new slug.
  const drafted = inPreview()
    ? await db
        .select({
          identifier: contentDrafts.identifier,
          locale: contentDrafts.locale,
          slug: sql<string | null>`${contentDrafts.config}->>'slug'`,
        })
        .from(contentDrafts)
        .where(eq(contentDrafts.type, 'page'))
    : [];
  const rowKey = (r: { identifier: string; locale: string }) => `${r.identifier}\u0000${r.locale}`;
  const merged = new Map([...rows, ...drafted].map((r) => [rowKey(r), r]));
  return [...merged.values()].map((r) => ({
    identifier: r.identifier,
    locale: r.locale,
    slug: typeof r.slug === 'string' ? r.slug : null,
  }));
}

/** Where the content pages' addresses as last published are kept (shared by every instance). */
const PAGE_ADDRESSES_KEY = 'page-addresses';

const PageAddressesRow = z.object({
  value: z.object({
    current: z.record(z.string(), z.record(z.string(), z.string())),
    former: z.record(z.string(), z.record(z.string(), z.array(z.string()))),
  }) satisfies z.ZodType<PublishedAddresses>,
});

export async function publishedPageAddresses(db?: Db): Promise<PublishedAddresses> {
  db ??= await getDb();
  const [row] = parseRows(
    PageAddressesRow,
    await db.select({ value: meta.value }).from(meta).where(eq(meta.key, PAGE_ADDRESSES_KEY)),
  );
  return row?.value ?? { current: {}, former: {} };
}

export async function savePageAddresses(db: Db, value: PublishedAddresses): Promise<void> {
  await db
    .insert(meta)
    .values({ key: PAGE_ADDRESSES_KEY, value })
    .onConflictDoUpdate({ target: meta.key, set: { value } });
}

/**
 * Reads the named entries in the given locales and returns what fails its schema ("setting:branding (de):
 * flags.x: …"). A publish event for an invalid edit is refused with these messages, so the editor hears
 * of the mistake at once and the cached pages keep showing the last good version.
 */
export async function contentProblems(
  entries: { type: string; identifier: string; locale?: Locale }[],
  locales: readonly Locale[],
): Promise<string[]> {
  const checks = entries.flatMap((entry) =>
    (entry.locale ? [entry.locale] : locales).map(async (locale) => {
      const key = `${entry.type}:${entry.identifier}`;
      try {
        if (entry.type === 'page') await getContentPage(entry.identifier, locale);
        // Strictly: what the shop would leave out when rendering is still a fault to report.
        else if (key in shopContentSchemas()) await readContent(key as ConfigKey, locale, true);
        return null;
      } catch (error) {
        if (error instanceof ContentError) return error.message;
        throw error;
      }
    }),
  );
  // Two pages with one address in a language: the second would never be reached.
  const conflicts = entries.some((e) => e.type === 'page') ? slugConflicts(await listContentPages(), locales) : [];
  return [...new Set([...(await Promise.all(checks)).filter((m): m is string => m !== null), ...conflicts])];
}
