// Money crosses into and out of the payment providers here. We keep integer cents; Stripe speaks minor
// units too, but PayPal wants decimal strings ('12.34'). Converting through a float would let 0.1 + 0.2
// style drift turn a 12.34 € order into a 12.33 € capture, so both directions work on digits only.
import { CURRENCIES, type Currency } from '#lib/shared/currency.ts';

/** Every shop currency has two decimals; a currency with other minor units needs its own exponent here. */
const TWO_DECIMAL: readonly string[] = CURRENCIES;

/** PayPal's documented limit: at most 10 integer digits with 2 decimals. */
const DECIMAL_PATTERN = /^(\d{1,10})(?:\.(\d{1,2}))?$/;

class AmountError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AmountError';
  }
}

/** Upper-cases a code and checks that the shop can take payments in it. */
export function paymentCurrency(code: string): Currency {
  const upper = code.trim().toUpperCase();
  if (!TWO_DECIMAL.includes(upper)) throw new AmountError(`unsupported currency ${JSON.stringify(code)}`);
  return upper as Currency;
}

function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents) || cents < 0)
    throw new AmountError(`amount must be whole, non-negative cents, got ${cents}`);
}

/** A payment is for something: providers refuse 0, and a negative amount would be a refund. */
export function assertPayableCents(cents: number): void {
  assertCents(cents);
  if (cents === 0) throw new AmountError('a payment needs an amount above 0');
}

/** 1234 → '12.34', 5 → '0.05'. */
export function centsToDecimal(cents: number, currency: string): string {
  paymentCurrency(currency);
  assertCents(cents);
  const digits = String(cents).padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** '12.34' → 1234, '12.3' → 1230, '12' → 1200; anything else (signs, exponents, 3 decimals, spaces) throws. */
export function decimalToCents(value: string, currency: string): number {
  paymentCurrency(currency);
  const match = DECIMAL_PATTERN.exec(value);
  if (!match) throw new AmountError(`not a ${currency} amount: ${JSON.stringify(value)}`);
  const whole = match[1] ?? '0';
  const fraction = (match[2] ?? '').padEnd(2, '0');
  return Number(whole) * 100 + Number(fraction);
}
