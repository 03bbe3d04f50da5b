// What one ordered quantity of a product is, in words: its order unit (UN/ECE Recommendation 20
// code: C62 a piece, PK a pack …), what a pack holds, and the quantity rule (minimum, step), for the
// product page and its buy box. Pure: the texts come from the locale's messages, numbers through Intl.
import { fill, formatCount, plural } from '../i18n/format.ts';
import type { Messages } from '../i18n/messages/en.ts';
import type { QuantityRule } from './order-quantity.ts';

/** The order unit of a product that names none: one piece. */
const PIECE = 'C62';

/** The codes the messages name (unit.name.<code>, unit.count.<code>); any other is shown as it is. */
const NAMED = ['C62', 'PK', 'CT', 'BX', 'SET', 'PR', 'RO', 'MTR', 'KGM', 'LTR'] as const;
type NamedUnit = (typeof NAMED)[number];

/** Other codes for a piece (H87 "piece", EA "each"): worded, priced and counted as one. */
const PIECE_CODES: ReadonlySet<string> = new Set([PIECE, 'H87', 'EA']);

function named(code: string): NamedUnit | null {
  const upper = code.trim().toUpperCase();
  if (PIECE_CODES.has(upper)) return PIECE;
  return (NAMED as readonly string[]).includes(upper) ? (upper as NamedUnit) : null;
}

/** One code per unit: a piece's other codes are C62, case does not count. */
const canonical = (code: string): string => named(code) ?? code.trim().toUpperCase();

export const isPiece = (code: string): boolean => PIECE_CODES.has(code.trim().toUpperCase());

/** The unit's name ("pack", "Packung"), or its code when the messages have no name for it. */
export function unitName(messages: Messages, code: string): string {
  const unit = named(code);
  return unit ? messages[`unit.name.${unit}`] : code;
}

/** A count of the unit in the locale's words and digits ("100 pieces", "1.000 Stück", "2,5 m"). */
export function unitCount(messages: Messages, intlLocale: string, code: string, count: number): string {
  const unit = named(code);
  if (!unit) return `${formatCount(intlLocale, count)} ${code}`;
  const forms = { one: messages[`unit.count.${unit}_one`], other: messages[`unit.count.${unit}_other`] };
  return plural(intlLocale, count, forms);
}

export interface OrderUnit {
  orderUnit: string;
  /** The unit a pack is filled with (C62 when only a count is given); null when not told. */
  contentUnit: string | null;
  unitsPerOrderUnit: number | null;
}

/**
 * What one order unit holds, when that is worth saying: a pack of 100 pieces, a roll of 50 m. Null for
 * an order unit that holds just itself (one piece of one piece) or whose contents are not known.
 * @internal Exported for its unit test; pages read it through orderTerms.
 */
export function packContent(unit: OrderUnit): { count: number; unit: string } | null {
  const count = unit.unitsPerOrderUnit;
  if (count === null || !Number.isFinite(count) || count <= 0) return null;
  const content = unit.contentUnit ?? PIECE;
  return canonical(content) === canonical(unit.orderUnit) && count === 1 ? null : { count, unit: content };
}

const capitalise = (text: string): string => text.charAt(0).toLocaleUpperCase() + text.slice(1);

export interface OrderTerms {
  /** Beside the price when one order unit is not one piece: "per pack of 100 pieces", "per metre". */
  pricePer: string | null;
  /** "Minimum order 2 packs · in steps of 2 packs", when the rule is more than "any whole number". */
  rule: string | null;
}

/** The order unit's and quantity rule's texts for a product page in one locale. */
export function orderTerms(unit: OrderUnit, rule: QuantityRule, messages: Messages, intlLocale: string): OrderTerms {
  const name = unitName(messages, unit.orderUnit);
  const content = packContent(unit);
  const contentText = content ? unitCount(messages, intlLocale, content.unit, content.count) : null;
  const count = (n: number) => unitCount(messages, intlLocale, unit.orderUnit, n);
  const pricePer = contentText
    ? fill(messages['product.pricePerContent'], { unit: name, content: contentText })
    : isPiece(unit.orderUnit)
      ? null
      : fill(messages['product.pricePer'], { unit: name });
  const parts = [
    ...(rule.min > 1 ? [fill(messages['product.minimumOrder'], { quantity: count(rule.min) })] : []),
    ...(rule.step > 1 ? [fill(messages['product.orderStep'], { quantity: count(rule.step) })] : []),
  ];
  return { pricePer, rule: parts.length > 0 ? capitalise(parts.join(' · ')) : null };
}
