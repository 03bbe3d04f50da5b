// The catalogue import (README, "Bring your catalogue"): BMEcat, CSV and JSON Lines files, the import
// API and the ERP's stock and price deltas, and the recent imports and one import with its report as
// the workspace's Import page reads them. Pages, endpoints and scripts use this file only.
export { importApi } from './routes.ts';
export { runImport, type ImportProgress } from './run.ts';
export { reportCsv } from './report.ts';
export type { ImportSource } from './sources.ts';
export { importDetail, recentImports } from './recent.ts';
export { isZip, unpackZip, ZipRefused } from './zip-sources.ts';
