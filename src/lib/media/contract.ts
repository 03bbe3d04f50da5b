// Contracts of the media library's JSON operations (editors and admins): the library with each
// medium's uses, a medium's alternative texts, and its deletion. The uploads answer a MediumRow too.
import { z } from 'astro/zod';
import { operation } from '../http/contract.ts';
import { dbId, text } from '../http/fields.ts';
import { LOCALES } from '../i18n/locales.ts';
import { mediaRoutes } from './routes.ts';
import { MAX_ALT_LENGTH } from './rules.ts';

const useSchema = z.object({
  type: z.string(),
  identifier: z.string(),
  /** '' for the row of all languages. */
  locale: z.string(),
  /** Used by an unpublished draft only. */
  draft: z.boolean(),
});
export type MediumUse = z.infer<typeof useSchema>;

const mediumSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** What content stores: /images/lib/{id}. */
  path: z.string(),
  /** The address with the current file's version: what pages and thumbnails load. */
  src: z.string(),
  width: z.number(),
  height: z.number(),
  bytes: z.number(),
  alt: z.partialRecord(z.enum(LOCALES), z.string()),
  revision: z.number(),
  updatedBy: z.string(),
  updatedAt: z.string(),
  uses: z.array(useSchema),
});
export type MediumRow = z.infer<typeof mediumSchema>;

/** The answer of an upload: the medium, and whether it is new or had these bytes already. */
export interface UploadAnswer {
  medium: MediumRow;
  created: boolean;
}

const altText = text({ max: MAX_ALT_LENGTH }).trim();

export const mediaApi = {
  media: operation({
    ...mediaRoutes.media,
    request: z.object({ unused: z.enum(['1']).optional() }).strict(),
    response: z.object({ media: z.array(mediumSchema) }),
    errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
  }),
  updateAlt: operation({
    ...mediaRoutes.updateAlt,
    request: z.object({ id: dbId(), alt: z.partialRecord(z.enum(LOCALES), altText).default({}) }).strict(),
    response: mediumSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'MEDIA_NOT_FOUND'],
  }),
  deleteMedium: operation({
    ...mediaRoutes.deleteMedium,
    request: z.object({ id: dbId() }).strict(),
    response: z.object({ ok: z.literal(true) }),
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'MEDIA_NOT_FOUND', 'MEDIA_IN_USE'],
  }),
};
