// The content API for outside systems (README, "Content API"): one entry by address, ETag and If-Match.
import { contentApi } from '#lib/server/admin/index.ts';

export const GET = contentApi.GET;
export const PUT = contentApi.PUT;
export const DELETE = contentApi.DELETE;
