// The publish webhook's contract (POST /api/webhooks/publish): a content service, a PIM or an import
// job tells the shop what changed, and the shop re-renders exactly the pages that show it. The request
// is signed per the Standard Webhooks specification (webhook-id, webhook-timestamp, webhook-signature);
// see README.md, "Publishing".
import { z } from 'astro/zod';
import { contentKeySchema } from '../content/schemas.ts';
import { LOCALES } from '../i18n/locales.ts';
import { operation } from '../http/contract.ts';
import { dbId } from '../http/fields.ts';

const id = dbId();

/** The body of a publish event. Lists are capped so one event stays one reasonable transaction. */
const publishChangesSchema = z
  .strictObject({
    /** Everything changed (a full import): every page is dropped. */
    all: z.literal(true).optional(),
    /** Content entries; without a locale, the entry changed for every locale (or its all-locales row did). */
    content: z
      .array(contentKeySchema.extend({ locale: z.enum(LOCALES).optional() }).strict())
      .max(1_000)
      .optional(),
    products: z.array(id).max(10_000).optional(),
    categories: z.array(id).max(10_000).optional(),
    /** Attribute codes whose labels or option labels changed. */
    attributes: z
      .array(z.string().regex(/^[a-z0-9_.-]{1,64}$/))
      .max(1_000)
      .optional(),
  })
  .refine((c) => c.all || c.content?.length || c.products?.length || c.categories?.length || c.attributes?.length, {
    message: 'Name what changed: all, content, products, categories or attributes',
  });

export type PublishChanges = z.infer<typeof publishChangesSchema>;

const publishResponseSchema = z.object({
  /** The webhook-id. */
  id: z.string(),
  /** False for a delivery of an id that was applied before: acknowledged, nothing changed. */
  applied: z.boolean(),
  /** The cache tags dropped, or 'all'. */
  tags: z.union([z.literal('all'), z.array(z.string())]),
  /** Whether the CDN in front of the shop was asked to purge the same tags. */
  cdn: z.enum(['purged', 'failed', 'none']),
});

export const publishApi = {
  publish: operation({
    method: 'POST',
    path: '/api/webhooks/publish',
    request: publishChangesSchema,
    response: publishResponseSchema,
    errors: ['WEBHOOK_SIGNATURE_INVALID', 'PUBLISHING_DISABLED', 'CONTENT_INVALID'],
  }),
};
