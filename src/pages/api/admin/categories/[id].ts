// The content API's category text update (README, "Content API").
import { catalogApi } from '#lib/server/admin/index.ts';

export const PUT = catalogApi.category;
