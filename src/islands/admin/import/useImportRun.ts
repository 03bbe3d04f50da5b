// One import from the page's point of view: the upload with its byte progress, then the run's state
// fetched every second until it is done or failed. A finished run is announced once, politely (its
// counts in a sentence), never each second. The address becomes the run's own page, so a reload or
// a shared link shows the same run.
import { useEffect, useState } from 'react';
import type { ImportStrings } from '#lib/admin/import-messages.ts';
import { fetchImport, importPagePath, uploadImport, type UploadOptions } from '#lib/import/client.ts';
import { importCounts, type ImportDetail } from '#lib/import/run-summary.ts';
import { failureText } from '../team/failure.ts';
import { useNotice } from '../team/Feedback.tsx';
import { outcomeNotes, summarySentence } from './words.ts';

const POLL_MS = 1_000;
/** Failed polls in a row before the page says it has lost sight of the run (a blip is retried silently). */
const POLL_ATTEMPTS = 5;

export interface UploadProgress {
  sent: number;
  total: number;
}

export function useImportRun(initial: ImportDetail | null, strings: ImportStrings, locale: 'de' | 'en') {
  const [run, setRun] = useState(initial);
  const [upload, setUpload] = useState<UploadProgress | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [failedPolls, setFailedPolls] = useState(0);
  const { notice, say, clear } = useNotice();

  useEffect(() => {
    if (run?.status !== 'running' || failedPolls >= POLL_ATTEMPTS) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchImport(run.id, controller.signal).then(
        (next) => {
          setFailedPolls(0);
          setRun(next);
          if (next.status !== 'running')
            setAnnouncement([summarySentence(next.counts, strings, locale), ...outcomeNotes(next, strings)].join(' '));
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setFailedPolls((n) => n + 1);
          if (failedPolls + 1 >= POLL_ATTEMPTS)
            say('error', `${strings['import.progress.lost']} ${failureText(error, strings)}`);
        },
      );
    }, POLL_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [run, failedPolls, strings, locale, say]);

  async function start(file: File, options: UploadOptions) {
    clear();
    setRun(null);
    setFailedPolls(0);
    setAnnouncement('');
    setUpload({ sent: 0, total: file.size });
    try {
      const id = await uploadImport(file, options, (sent, total) => setUpload({ sent, total }));
      history.replaceState(history.state, '', importPagePath(id));
      setAnnouncement(strings['import.progress.uploaded']);
      setRun({
        id,
        status: 'running',
        fileName: file.name,
        ...options,
        actor: '',
        counts: importCounts({}),
        error: null,
        startedAt: new Date().toISOString(),
        finishedAt: null,
        report: [],
      });
    } catch (error) {
      say(
        'error',
        failureText(error, strings, {
          PAYLOAD_TOO_LARGE: strings['import.upload.tooLarge'],
          IMPORT_EMPTY: strings['import.upload.empty'],
          IMPORT_ZIP_REFUSED: strings['import.upload.zipRefused'],
          VALIDATION_FAILED: strings['import.upload.invalidName'],
        }),
      );
    } finally {
      setUpload(null);
    }
  }

  const busy = upload !== null || run?.status === 'running';
  return { run, upload, busy, start, announcement, notice };
}
