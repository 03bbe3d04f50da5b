// Request bodies of the content API for outside systems (README, "Content API"): an entry put, and
// product and category text updates. Addresses carry the key (/api/admin/content/{type}/{identifier}?locale=,
// /api/admin/products/{sku}, /api/admin/categories/{id}); versions travel in ETag and If-Match.
import { z } from 'astro/zod';
import { text } from '../http/fields.ts';
import { localeSchema } from '../content/schemas.ts';
import { configSchema, MAX_ENTRY_BYTES } from './contract.ts';

export const contentPutSchema = z
  .object({
    config: configSchema,
    /** HTML of a banner, bar, cart header or content page; sanitized on save. */
    content: text({ max: MAX_ENTRY_BYTES, multiline: true }).nullable().default(null),
  })
  .strict();

const line = (max: number) => text({ max }).trim().min(1);

export const productUpdateSchema = z
  .object({
    /** Per language; only the fields sent change. A language without texts yet needs a name. */
    texts: z
      .partialRecord(
        localeSchema,
        z
          .object({
            name: line(200).optional(),
            title: text({ max: 200 }).nullable().optional(),
            subtitle: text({ max: 200 }).nullable().optional(),
            description: text({ max: 64 * 1024, multiline: true })
              .nullable()
              .optional(),
          })
          .strict(),
      )
      .optional(),
    /** The categories that list the product; the first is its primary one. */
    categories: z.array(z.number().int().min(1).max(2_147_483_647)).min(1).max(50).optional(),
  })
  .strict()
  .refine((b) => b.texts !== undefined || b.categories !== undefined, { message: 'Send texts or categories' });
export type ProductUpdate = z.infer<typeof productUpdateSchema>;

export const categoryUpdateSchema = z
  .object({
    texts: z.partialRecord(
      localeSchema,
      z
        .object({
          name: line(120).optional(),
          description: text({ max: 64 * 1024, multiline: true })
            .nullable()
            .optional(),
        })
        .strict(),
    ),
  })
  .strict();
export type CategoryUpdate = z.infer<typeof categoryUpdateSchema>;
