// One import's report as CSV, for a spreadsheet.
import { importApi } from '#lib/server/import/routes.ts';

export const GET = importApi.reportCsv;
