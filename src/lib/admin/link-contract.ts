// The link picker's search (editors): categories, products and content pages by name in one shop
// language, or one link code resolved to its target's name. What it answers as `code` is what a menu,
// footer or other content link stores, in the forms the shop resolves (src/lib/site/paths.ts):
// 'c:{German slug path}' for a category, 'i:{identifier}' for a content page, and a product's site
// path '/p/{id}/{slug}' (the shop has no product shorthand; the product page redirects to its slug).
import { z } from 'astro/zod';
import { operation } from '../http/contract.ts';
import { text } from '../http/fields.ts';
import { linkRoutes } from './link-routes.ts';
import { LOCALES } from '../i18n/locales.ts';

const LINK_KINDS = ['category', 'product', 'page'] as const;

/** The most targets of each kind one search answers. */
export const LINK_RESULTS_PER_KIND = 8;

const targetSchema = z.object({
  code: z.string(),
  kind: z.enum(LINK_KINDS),
  /** The target's name in the language asked for (a product's with its item number). */
  name: z.string(),
  /** Where the shop shows it in that language. */
  path: z.string(),
});
export type LinkTarget = z.infer<typeof targetSchema>;

export const linkApi = {
  links: operation({
    ...linkRoutes.links,
    request: z
      .object({
        locale: z.enum(LOCALES),
        /** Words of a name, an item number or a code: two characters at least. */
        q: text({ max: 100 }).trim().min(2).optional(),
        /** A stored link code to name (exact lookup). */
        code: text({ max: 500 }).trim().min(1).optional(),
      })
      .strict()
      .refine((input) => (input.q === undefined) !== (input.code === undefined), {
        message: 'give either q or code',
        path: ['q'],
      }),
    response: z.object({ results: z.array(targetSchema) }),
    errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
  }),
};
