// Prices and price breaks from the ERP, up to 10,000 products a call (README, "Bring your catalogue").
import { importApi } from '#lib/server/import/index.ts';

export const PUT = importApi.prices;
