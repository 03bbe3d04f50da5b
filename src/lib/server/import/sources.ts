// The files of an import as streams of parsed items: each file's format is told by its first bytes
// (not its name, which a browser upload or a pipe may not carry), and its bytes are counted as they
// are read, for the progress bar.
import type { ParsedItem } from '#lib/import/record-contract.ts';
import { parseBmecat } from './bmecat.ts';
import { parseCsv } from './csv.ts';
import { detectFormat, withHead } from './format.ts';
import { parseJsonLines } from './json-lines.ts';

export interface ImportSource {
  /** The name shown in the report. */
  name: string;
  /** Bytes, when known (a file on disk, an upload with Content-Length). */
  size?: number;
  /** The folder its pictures and data sheets are in (relative paths); none for an upload. */
  folder?: string;
  open(): AsyncIterable<Uint8Array>;
}

export interface ReadOptions {
  today?: Date | undefined;
  /** The shop's country, for BMEcat prices limited to territories. */
  country?: string | undefined;
  onProgress?: (progress: { file: string; bytesRead: number; bytesTotal: number | undefined }) => void;
}

/** Bytes between two progress reports. */
const PROGRESS_EVERY = 256 * 1024;

async function* counted(source: ImportSource, options: ReadOptions): AsyncGenerator<Uint8Array> {
  let bytesRead = 0;
  let reported = 0;
  for await (const chunk of source.open()) {
    bytesRead += chunk.length;
    if (bytesRead - reported >= PROGRESS_EVERY) {
      reported = bytesRead;
      options.onProgress?.({ file: source.name, bytesRead, bytesTotal: source.size });
    }
    yield chunk;
  }
  options.onProgress?.({ file: source.name, bytesRead, bytesTotal: source.size });
}

export async function* readRecords(sources: readonly ImportSource[], options: ReadOptions): AsyncGenerator<ParsedItem> {
  for (const source of sources) {
    const file = source.name;
    const { head, stream } = await withHead(counted(source, options), 4096);
    const format = detectFormat(head);
    if (format === 'bmecat')
      yield* parseBmecat(stream, {
        file,
        ...(options.today ? { today: options.today } : {}),
        ...(options.country ? { country: options.country } : {}),
      });
    else if (format === 'csv') yield* parseCsv(stream, { file });
    else if (format === 'jsonl') yield* parseJsonLines(stream, { file });
    else
      yield {
        at: { file, line: 1 },
        fault: { reason: 'The file is neither a BMEcat catalogue, a CSV file nor JSON Lines.' },
      };
  }
}
