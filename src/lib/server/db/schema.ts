// Database schema for the commerce and content engine, one module per domain.
// Money is stored as integer cents so totals are exact; per-locale texts live in
// translation tables (searchable, indexable) while small label maps use jsonb.
export type { LocalizedText } from './schema/columns.ts';
export * from './schema/catalogue.ts';
export * from './schema/customers.ts';
export * from './schema/commerce.ts';
export * from './schema/content.ts';
export * from './schema/staff.ts';
export * from './schema/webhooks.ts';
export * from './schema/order-events.ts';
export * from './schema/media.ts';
export * from './schema/buying-tools.ts';
export * from './schema/quotes.ts';
export * from './schema/scheduled-reorders.ts';
