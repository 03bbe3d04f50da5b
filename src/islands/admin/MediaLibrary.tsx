// The Media library page (editors and admins): uploads with their progress, the grid of media with
// their uses, alternative texts, replacement and deletion, and a filter for the unused ones.
import { useRef, useState } from 'react';
import { call } from '#lib/admin/client.ts';
import { mediaClient, replaceMediumFile, uploadMedium } from '#lib/media/client.ts';
import type { MediumRow } from '#lib/media/contract.ts';
import type { MediaStrings } from '#lib/media/messages.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import { fill } from '#lib/i18n/format.ts';
import { Feedback, useNotice } from './team/Feedback.tsx';
import { mediaFailure } from './media/failure.ts';
import { MediumCard } from './media/MediumCard.tsx';
import { UploadZone, type Sending } from './media/UploadZone.tsx';

export interface MediaLibraryProps {
  media: MediumRow[];
  strings: MediaStrings;
  locale: 'de' | 'en';
}

export function MediaLibrary({ media, strings, locale }: MediaLibraryProps) {
  const [rows, setRows] = useState(media);
  const [unusedOnly, setUnusedOnly] = useState(false);
  const [sending, setSending] = useState<Sending[]>([]);
  const [busy, setBusy] = useState<number | null>(null);
  const next = useRef(0);
  const { notice, say } = useNotice();
  const failed = (error: unknown) => say('error', mediaFailure(error, strings));
  const put = (row: MediumRow) => setRows((all) => [row, ...all.filter((r) => r.id !== row.id)]);

  async function send(file: File) {
    const key = (next.current += 1);
    const progress = (fraction: number) =>
      setSending((all) => all.map((s) => (s.key === key ? { ...s, fraction } : s)));
    setSending((all) => [...all, { key, name: file.name, fraction: 0 }]);
    try {
      const { medium, created } = await uploadMedium(file, progress);
      put(medium);
      say(
        'ok',
        created
          ? fill(strings['media.upload.done'], { name: file.name })
          : fill(strings['media.upload.known'], { name: file.name, existing: medium.name }),
      );
    } catch (error) {
      failed(error);
    } finally {
      setSending((all) => all.filter((s) => s.key !== key));
    }
  }

  async function uploadAll(files: File[]) {
    for (const file of files) await send(file);
  }

  async function act(row: MediumRow, work: () => Promise<string>) {
    if (busy !== null) return;
    setBusy(row.id);
    try {
      say('ok', await work());
    } catch (error) {
      failed(error);
    } finally {
      setBusy(null);
    }
  }

  const saveAlt = (row: MediumRow, alt: Partial<Record<Locale, string>>) =>
    act(row, async () => {
      put(await call(mediaClient.updateAlt, { id: row.id, alt }));
      return fill(strings['media.alt.saved'], { name: row.name });
    });
  const replace = (row: MediumRow, file: File) =>
    act(row, async () => {
      put(await replaceMediumFile(row.id, file, () => {}));
      return fill(strings['media.replaced'], { name: row.name });
    });
  const remove = (row: MediumRow) => {
    if (!confirm(fill(strings['media.confirmDelete'], { name: row.name }))) return;
    void act(row, async () => {
      await call(mediaClient.deleteMedium, { id: row.id });
      setRows((all) => all.filter((r) => r.id !== row.id));
      return fill(strings['media.deleted'], { name: row.name });
    });
  };

  const shown = unusedOnly ? rows.filter((r) => r.uses.length === 0) : rows;
  return (
    <div className="team-island media-library">
      <p>{strings['media.intro']}</p>
      <UploadZone sending={sending} onFiles={(files) => void uploadAll(files)} strings={strings} />
      <Feedback notice={notice} />
      <fieldset className="media-filter">
        <legend>{strings['media.filter.label']}</legend>
        {(['all', 'unused'] as const).map((choice) => (
          <label key={choice}>
            <input
              type="radio"
              name="media-filter"
              checked={unusedOnly === (choice === 'unused')}
              onChange={() => setUnusedOnly(choice === 'unused')}
            />
            {strings[`media.filter.${choice}`]}
          </label>
        ))}
      </fieldset>
      {shown.length === 0 ? (
        <p>{strings[unusedOnly && rows.length > 0 ? 'media.emptyUnused' : 'media.empty']}</p>
      ) : (
        <ul className="media-grid" aria-label={strings['media.listLabel']}>
          {shown.map((row) => (
            <MediumCard
              key={row.id}
              medium={row}
              busy={busy === row.id}
              locale={locale}
              onAlt={(m, alt) => void saveAlt(m, alt)}
              onReplace={(m, file) => void replace(m, file)}
              onDelete={remove}
              strings={strings}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
