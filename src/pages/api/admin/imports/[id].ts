// One import: its progress while it runs, its report when it is done.
import { importApi } from '#lib/server/import/index.ts';

export const GET = importApi.one;
