// A product's pictures and data sheets from an import record: each stored (once per run), in the
// record's order; the first picture is the cover. One that cannot be read becomes a report line and
// the product is imported without it.
import type { LocalizedText } from '../db/schema.ts';
import { MediaRefused } from '../images/index.ts';
import type { ImportProduct } from '#lib/import/record-contract.ts';
import type { MediaFiles } from './media-sources.ts';
import type { ReportLine } from './report.ts';

type Note = Omit<ReportLine, 'file' | 'line'>;

export interface ProductMedia {
  images: string[];
  documents: { file: string; title: LocalizedText }[];
  notes: Note[];
}

export async function productMedia(record: ImportProduct, media: MediaFiles | undefined): Promise<ProductMedia> {
  const result: ProductMedia = { images: [], documents: [], notes: [] };
  const attempt = async (source: string, kind: 'image' | 'document', field: string): Promise<string | null> => {
    try {
      if (!media) throw new MediaRefused('cannot be read by this import');
      return await media.store(source, kind);
    } catch (error) {
      if (!(error instanceof MediaRefused)) throw error;
      result.notes.push({
        id: record.sku,
        field,
        reason: `${source} ${error.message}; the product was imported without it.`,
      });
      return null;
    }
  };
  for (const [i, image] of record.images.entries()) {
    const stored = await attempt(image.source, 'image', `images.${i}`);
    if (stored && !result.images.includes(stored)) result.images.push(stored);
  }
  for (const [i, document] of record.documents.entries()) {
    const stored = await attempt(document.source, 'document', `documents.${i}`);
    if (stored && !result.documents.some((d) => d.file === stored))
      result.documents.push({ file: stored, title: document.title as LocalizedText });
  }
  return result;
}
