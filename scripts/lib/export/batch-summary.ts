// What one re-render batch did: the export writes it, watch mode logs it (a module of its own, so the
// watcher need not import the export that starts it).
export interface BatchSummary {
  rewritten: string[];
  added: string[];
  removed: string[];
  failed: string[];
  images: number;
  ms: number;
}
