// Reading the cells of one CSV row. A value that is there but cannot be read at all (a price "12,5x",
// a GTIN Excel turned into "4,00601E+12") is an UnreadableValue; the row becomes a fault naming the
// column, since importing the row without it would silently drop what the merchant wrote. Values that
// read fine but break a rule (a negative stock, a name too long) pass on: the record schema judges those.

/** The decimal mark of a file's numbers: a comma where cells are separated by semicolons (German Excel). */
export type DecimalMark = ',' | '.';

export class UnreadableValue extends Error {}

/** A cell that cannot be read, with the column as the file names it. */
export class CellFault extends Error {
  readonly column: string;
  constructor(column: string, reason: string) {
    super(reason);
    this.column = column;
  }
}

/** Sign, whole part (with optional thousands grouping) and fraction, for either decimal mark. */
const NUMBER: Record<DecimalMark, RegExp> = {
  ',': /^([+-]?)(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d+))?$/,
  '.': /^([+-]?)(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/,
};
const EXAMPLE: Record<DecimalMark, string> = { ',': '1.234,50', '.': '1234.50' };
/** Money is read to at most this many decimals (BMEcat prices have up to 4) and rounded to cents. */
const MONEY_DECIMALS = 4;
/** What spreadsheets make of a long digit string: 4,00601E+12 or 4.00601E+12. */
const SCIENTIFIC = /^\d+(?:[.,]\d+)?E[+-]?\d+$/i;
const YES = new Set(['1', 'x', 'yes', 'y', 'ja', 'j', 'true', 'oui', 'si', 'sì']);
const NO = new Set(['0', 'no', 'n', 'nein', 'false', 'non']);

interface Decimal {
  sign: '' | '-';
  whole: string;
  fraction: string;
}

function readDecimal(text: string, mark: DecimalMark): Decimal {
  const match = NUMBER[mark].exec(text);
  if (!match) throw new UnreadableValue(`"${text}" is not a number (write it like ${EXAMPLE[mark]})`);
  const grouping = mark === ',' ? '.' : ',';
  return { sign: match[1] === '-' ? '-' : '', whole: match[2]!.replaceAll(grouping, ''), fraction: match[3] ?? '' };
}

export function readNumber(text: string, mark: DecimalMark): number {
  const { sign, whole, fraction } = readDecimal(text, mark);
  return Number(`${sign}${whole}.${fraction || '0'}`);
}

/** An amount of money in cents, rounded from the decimal digits themselves (12.345 * 100 is 1234.4999...). */
export function readCents(text: string, mark: DecimalMark): number {
  const { sign, whole, fraction } = readDecimal(text, mark);
  if (fraction.length > MONEY_DECIMALS) {
    throw new UnreadableValue(`"${text}" has more than ${MONEY_DECIMALS} decimal places`);
  }
  const hundredths = Number(fraction.padEnd(MONEY_DECIMALS, '0')) / 10 ** (MONEY_DECIMALS - 2);
  const cents = Number(whole) * 100 + Math.round(hundredths);
  return sign === '-' ? -cents : cents;
}

/**
 * A measured feature value in the shop's form (a decimal dot, no grouping: the shop formats it per
 * language when it shows it); anything that is not a number in the file's convention stays as written.
 */
export function normalizeMeasure(text: string, mark: DecimalMark): string {
  if (!NUMBER[mark].test(text)) return text;
  const { sign, whole, fraction } = readDecimal(text, mark);
  return fraction ? `${sign}${whole}.${fraction}` : `${sign}${whole}`;
}

export function readGtin(text: string): string {
  if (SCIENTIFIC.test(text)) {
    throw new UnreadableValue(
      `"${text}" is a number in scientific notation, not the digits of a GTIN: ` +
        'format the column as text in the spreadsheet and enter the digits again',
    );
  }
  return text;
}

export function readYes(text: string): boolean {
  const word = text.toLowerCase();
  if (YES.has(word)) return true;
  if (NO.has(word)) return false;
  throw new UnreadableValue(`"${text}" is neither yes nor no (write 1, yes, ja or x for yes; leave it empty for no)`);
}

/**
 * A calendar date as YYYY-MM-DD, from 2027-03-31 or German Excel's 31.03.2027 (a day of one or two
 * digits, a month too); whether the day exists is the record schema's to say.
 */
export function readDate(text: string): string {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const german = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text);
  if (iso) return text;
  if (german) return `${german[3]}-${german[2]!.padStart(2, '0')}-${german[1]!.padStart(2, '0')}`;
  throw new UnreadableValue(`"${text}" is not a date (write it like 31.03.2027 or 2027-03-31)`);
}

/** Separate values in one cell: a|b|c; blanks around and between them are dropped. */
export function splitList(text: string): string[] {
  return text
    .split('|')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** Quantity prices "10:9,50|50:8,90": 9,50 from 10 pieces on, 8,90 from 50. */
export function readTiers(text: string, mark: DecimalMark): { minQuantity: number; cents: number }[] {
  return splitList(text).map((tier) => {
    const match = /^(.+?)\s*:\s*(.+)$/.exec(tier);
    if (!match) {
      throw new UnreadableValue(`"${tier}" is not a quantity price like 10:${EXAMPLE[mark]} (from 10 pieces on)`);
    }
    return { minQuantity: readNumber(match[1]!, mark), cents: readCents(match[2]!, mark) };
  });
}

/** Item numbers with an optional quantity: "AB-1|CD-2*3" is one AB-1 and three CD-2. */
export function readReferences(text: string): { sku: string; quantity: number }[] {
  return splitList(text).map((entry) => {
    const star = entry.lastIndexOf('*');
    if (star === -1) return { sku: entry, quantity: 1 };
    const quantity = entry.slice(star + 1).trim();
    if (!/^\d+$/.test(quantity)) {
      throw new UnreadableValue(`"${entry}" does not end in a quantity like *3 (three pieces)`);
    }
    return { sku: entry.slice(0, star).trim(), quantity: Number(quantity) };
  });
}

/** Drops the keys whose value is undefined: an empty cell means "not given", never an empty value. */
export function defined<T extends Record<string, unknown>>(object: T): Defined<T> {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as Defined<T>;
}

/** T with the keys that may be undefined made optional instead. */
type Defined<T> = { [K in keyof T as undefined extends T[K] ? never : K]: T[K] } & {
  [K in keyof T as undefined extends T[K] ? K : never]?: Exclude<T[K], undefined>;
};

/** Undefined for an empty list or object, so the field is left out rather than given as empty. */
export function nonEmpty<T extends object>(value: T): T | undefined {
  return Object.keys(value).length === 0 ? undefined : value;
}
