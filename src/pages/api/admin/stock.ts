// Stock levels from the ERP, up to 10,000 a call (README, "Bring your catalogue").
import { importApi } from '#lib/server/import/index.ts';

export const PUT = importApi.stock;
