// Catalogue uploads and the recent imports (README, "Bring your catalogue").
import { importApi } from '#lib/server/import/index.ts';

export const POST = importApi.upload;
export const GET = importApi.list;
