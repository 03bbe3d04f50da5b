// The content API's product text and category update (README, "Content API").
import { catalogApi } from '#lib/server/admin/index.ts';

export const PUT = catalogApi.product;
