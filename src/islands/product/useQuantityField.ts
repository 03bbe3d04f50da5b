// The buy box's quantity: what was typed, the whole number it means, and the product's quantity rule
// (src/lib/catalog/order-quantity.ts) applied to it: − and + move between orderable quantities, and a
// whole number off the rule is moved to the next orderable one, with the reason to announce. Anything
// else typed stays in the field and is explained, never corrected.
import { useState } from 'react';
import { useTypedBeforeHydration } from '../shared/useTypedBeforeHydration.ts';
import { MAX_QUANTITY } from '#lib/cart/rules.ts';
import { parseWantedQuantity } from '#lib/cart/display.ts';
import { fill } from '#lib/i18n/format.ts';
import type { QuantityRule } from '#lib/catalog/order-quantity.ts';
import { correctedQuantity, largestOrderable, steppedQuantity } from '#lib/catalog/quantity-input.ts';

export interface CorrectionStrings {
  /** product.quantityRaised ({{min}}, {{quantity}}) and product.quantityRounded ({{step}}, {{quantity}}). */
  quantityRaised?: string | undefined;
  quantityRounded?: string | undefined;
}

export function useQuantityField(rule: QuantityRule, strings: CorrectionStrings) {
  const [raw, setRaw] = useState(String(rule.min));
  const ref = useTypedBeforeHydration<HTMLInputElement>(raw, setRaw);
  const [touched, setTouched] = useState(false);
  const [note, setNote] = useState('');
  const wanted = parseWantedQuantity(raw, MAX_QUANTITY);
  const quantity = wanted ?? rule.min;

  const type = (value: string) => {
    setRaw(value);
    setNote('');
  };
  /** The orderable quantity for a whole number (itself, or the next one, shown in the field with the reason). */
  const orderable = (typed: number): number => {
    const fix = correctedQuantity(typed, rule, MAX_QUANTITY);
    if (!fix) return typed;
    setRaw(String(fix.quantity));
    const template = fix.problem === 'below-minimum' ? strings.quantityRaised : strings.quantityRounded;
    setNote(template ? fill(template, { min: rule.min, step: rule.step, quantity: fix.quantity }) : '');
    return fix.quantity;
  };
  // A field left empty means the quantity it started with.
  const leave = () => {
    if (raw.trim() === '') setRaw(String(rule.min));
    else if (wanted === null) setTouched(true);
    else orderable(wanted);
  };
  return {
    ref,
    raw,
    quantity,
    /** The largest quantity the field offers. */
    top: largestOrderable(rule, MAX_QUANTITY),
    /** Not a whole number 1..max, and the shopper has left the field or sent the form. */
    invalid: wanted === null && touched,
    note,
    type,
    leave,
    orderable,
    setTouched,
    step: (by: 1 | -1) => type(String(steppedQuantity(quantity, by, rule, MAX_QUANTITY))),
  };
}

export type QuantityFieldState = ReturnType<typeof useQuantityField>;
