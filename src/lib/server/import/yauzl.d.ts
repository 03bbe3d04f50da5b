// yauzl 3's promise API, the part the import and the quick order's XLSX reader use (DefinitelyTyped's types describe 2.x, without it).
declare module 'yauzl' {
  import type { Readable } from 'node:stream';
  export interface Entry {
    fileName: string;
    uncompressedSize: number;
    compressedSize: number;
    /** The upper 16 bits hold the Unix mode (a symbolic link is 0o120000). */
    externalFileAttributes: number;
    isEncrypted(): boolean;
    getLastModDate(): Date;
  }
  export interface ZipFile {
    entryCount: number;
    eachEntry(): AsyncIterable<Entry>;
    openReadStreamPromise(entry: Entry): Promise<Readable>;
    close(): void;
  }
  export function openPromise(
    path: string,
    options?: { decodeStrings?: boolean; validateEntrySizes?: boolean; strictFileNames?: boolean },
  ): Promise<ZipFile>;
  export function fromBufferPromise(buffer: Buffer, options?: { strictFileNames?: boolean }): Promise<ZipFile>;
}
