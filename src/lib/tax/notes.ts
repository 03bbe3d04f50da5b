// The tax notes a cart, an order and its documents can carry (src/lib/tax/regime.ts decides which);
// a module of its own so the browser's cart code gets the names without the rules behind them.

/** The notes, one per way VAT can be charged other than the ordinary domestic way. */
export const TAX_NOTES_TUPLE = [
  'ACCOUNT_EXCLUDE',
  'FOREIGN',
  'ONESTOPSHOP_FOREIGN',
  'REVERSE_CHARGE',
  'ONESTOPSHOP_VATMATCH',
  'ONESTOPSHOP_EU',
] as const;
export type TaxNote = (typeof TAX_NOTES_TUPLE)[number];
