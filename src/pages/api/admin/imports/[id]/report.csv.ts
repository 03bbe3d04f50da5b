// One import's report as CSV, for a spreadsheet.
import { importApi } from '#lib/server/import/index.ts';

export const GET = importApi.reportCsv;
