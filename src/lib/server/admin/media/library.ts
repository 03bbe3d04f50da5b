// The media library's writes and its list: upload (a medium per distinct file), replacement of a
// medium's file, its alternative texts, and deletion while nothing uses it. Every write is audited in
// its transaction; a replacement or a new alternative text publishes the entries that show the medium,
// so their pages are rendered again with its new version and words.
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { media } from '../../db/schema.ts';
import { ApiError } from '../../http.ts';
import { digest, keepPicture, mediumSrc } from '../../images/index.ts';
import { publishAndPurge } from '../../publish/index.ts';
import { audit, actorName, type Actor } from '../audit.ts';
import type { MediumRow, MediumUse, UploadAnswer } from '#lib/media/contract.ts';
import { LOCALES, type Locale } from '#lib/i18n/locales.ts';
import { mediumPath } from '#lib/media/rules.ts';
import { checkedPicture } from './files.ts';
import { mediaUses } from './uses.ts';

type Medium = typeof media.$inferSelect;

const target = (id: number) => `media:${id}`;

function toRow(row: Medium, uses: MediumUse[]): MediumRow {
  const alt: MediumRow['alt'] = {};
  for (const l of LOCALES) if (row.alt[l]) alt[l] = row.alt[l];
  return {
    id: row.id,
    name: row.name,
    path: mediumPath(row.id),
    src: mediumSrc(row.id, row.digest),
    width: row.width,
    height: row.height,
    bytes: row.bytes,
    alt,
    revision: row.revision,
    updatedBy: row.updatedBy,
    updatedAt: row.updatedAt.toISOString(),
    uses,
  };
}

const notFound = () => new ApiError('MEDIA_NOT_FOUND', 'There is no such medium (any more).', 404);

async function oneRow(db: Db, id: number): Promise<MediumRow> {
  const [row] = await db.select().from(media).where(eq(media.id, id));
  if (!row) throw notFound();
  return toRow(row, (await mediaUses(db)).get(id) ?? []);
}

/** The library, newest change first; `unused`: only what no entry uses (the ones that may be deleted). */
export async function listMedia(db: Db, unused = false): Promise<MediumRow[]> {
  const [rows, uses] = await Promise.all([db.select().from(media).orderBy(desc(media.updatedAt)), mediaUses(db)]);
  return rows.filter((r) => !unused || !uses.has(r.id)).map((r) => toRow(r, uses.get(r.id) ?? []));
}

/** Stores the picture and makes it a medium; the same bytes again answer the medium they already are. */
export async function uploadMedium(db: Db, actor: Actor, bytes: Uint8Array, name: string): Promise<UploadAnswer> {
  const picture = await checkedPicture(bytes);
  const stem = digest(bytes);
  await keepPicture(bytes, picture);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(media)
      .values({ digest: stem, ...picture, bytes: bytes.byteLength, name, updatedBy: actorName(actor) })
      .onConflictDoNothing({ target: media.digest })
      .returning({ id: media.id });
    if (!row) return null;
    await audit(tx, actor, {
      action: 'media.upload',
      target: target(row.id),
      toVersion: 1,
      details: { name, digest: stem },
    });
    return row.id;
  });
  if (id !== null) return { medium: await oneRow(db, id), created: true };
  const [known] = await db.select({ id: media.id }).from(media).where(eq(media.digest, stem));
  if (!known) throw notFound(); // deleted between the two statements
  return { medium: await oneRow(db, known.id), created: false };
}

/** The entries showing the medium are published again: their pages then name its current file and words. */
async function republish(db: Db, id: number): Promise<void> {
  const live = ((await mediaUses(db)).get(id) ?? []).filter((u) => !u.draft);
  if (live.length === 0) return;
  await publishAndPurge(
    {
      content: live.map((u) => ({
        type: u.type as 'block' | 'page' | 'setting',
        identifier: u.identifier,
        ...(u.locale ? { locale: u.locale as Locale } : {}),
      })),
    },
    { source: 'editor' },
    { db },
  );
}

/** Gives the medium a new file (same id, new digest and version); bytes another medium has are refused. */
export async function replaceMedium(db: Db, actor: Actor, id: number, bytes: Uint8Array): Promise<MediumRow> {
  const picture = await checkedPicture(bytes);
  const stem = digest(bytes);
  await keepPicture(bytes, picture);
  const changed = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(media).where(eq(media.id, id)).for('update');
    if (!row) throw notFound();
    if (row.digest === stem) return false;
    const [other] = await tx.select({ id: media.id }).from(media).where(eq(media.digest, stem));
    if (other)
      throw new ApiError('MEDIA_DUPLICATE', `This file is medium ${other.id} already; use that one.`, 409, {
        id: other.id,
      });
    await tx
      .update(media)
      .set({
        digest: stem,
        ...picture,
        bytes: bytes.byteLength,
        revision: row.revision + 1,
        updatedBy: actorName(actor),
        updatedAt: new Date(),
      })
      .where(eq(media.id, id));
    await audit(tx, actor, {
      action: 'media.replace',
      target: target(id),
      fromVersion: row.revision,
      toVersion: row.revision + 1,
      details: { from: row.digest, to: stem },
    });
    return true;
  });
  if (changed) await republish(db, id);
  return oneRow(db, id);
}

/** Sets the alternative texts (an empty one is no text); the pages using the medium say the new ones. */
export async function updateAlt(
  db: Db,
  actor: Actor,
  id: number,
  alt: Partial<Record<Locale, string>>,
): Promise<MediumRow> {
  const next: Record<string, string> = {};
  for (const l of LOCALES) if (alt[l]?.trim()) next[l] = alt[l].trim();
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(media).where(eq(media.id, id)).for('update');
    if (!row) throw notFound();
    await tx
      .update(media)
      .set({ alt: next, updatedBy: actorName(actor), updatedAt: new Date() })
      .where(eq(media.id, id));
    await audit(tx, actor, { action: 'media.alt', target: target(id), details: { from: row.alt, to: next } });
  });
  await republish(db, id);
  return oneRow(db, id);
}

/**
 * Deletes an unused medium. Its file stays: a catalogue import may have stored the same picture for
 * a product, and files are shared by digest.
 */
export async function deleteMedium(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(media).where(eq(media.id, id)).for('update');
    if (!row) throw notFound();
    const uses = (await mediaUses(tx)).get(id) ?? [];
    if (uses.length > 0)
      throw new ApiError(
        'MEDIA_IN_USE',
        `The medium is used by ${uses.map((u) => `${u.type}:${u.identifier}`).join(', ')}; take it out there first.`,
        409,
        { uses },
      );
    await tx.delete(media).where(eq(media.id, id));
    await audit(tx, actor, {
      action: 'media.delete',
      target: target(id),
      fromVersion: row.revision,
      details: { name: row.name },
    });
  });
}
