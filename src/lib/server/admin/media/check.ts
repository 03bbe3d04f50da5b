// A content entry may use a medium only once the medium exists and has its alternative text in every
// shop language: a page would otherwise show a picture that a screen reader cannot name.
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { media } from '../../db/schema.ts';
import { ApiError } from '../../http.ts';
import { mediumIds, missingAlt } from '#lib/media/rules.ts';

/** Refuses a config and HTML naming an unknown medium, or one still lacking an alternative text. */
export async function checkMediaUsable(db: Db, config: unknown, content: string | null): Promise<void> {
  const ids = mediumIds(`${JSON.stringify(config ?? null)} ${content ?? ''}`);
  if (ids.length === 0) return;
  const rows = await db.select({ id: media.id, alt: media.alt }).from(media).where(inArray(media.id, ids));
  const unknown = ids.find((id) => !rows.some((r) => r.id === id));
  if (unknown !== undefined)
    throw new ApiError('MEDIA_NOT_FOUND', `Medium ${unknown} is not in the media library (any more).`, 404, {
      id: unknown,
    });
  for (const row of rows) {
    const missing = missingAlt(row.alt);
    if (missing.length > 0)
      throw new ApiError(
        'MEDIA_ALT_MISSING',
        `Medium ${row.id} has no alternative text in ${missing.join(', ')}; write it in the media library before using the medium.`,
        422,
        { id: row.id, missing },
      );
  }
}
