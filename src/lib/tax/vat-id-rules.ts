// Format and check-digit rules for the national part of an EU VAT ID (what follows the country prefix), one per
// VAT prefix. Each follows the module of python-stdnum named beside it (stdnum/<cc>/<module>.py), which cites the
// tax offices' published algorithms; keeping to it lets a doubt about a number be settled by running stdnum.
// A rule answers FORMAT for a wrong shape (length, letters, impossible birth date, unknown office code) and
// CHECKSUM only when the shape is right but the check digits disagree: the shopper then knows it is a typo.

type RuleVerdict = 'VAT_ID_FORMAT' | 'VAT_ID_CHECKSUM' | null;
type Check = (national: string) => RuleVerdict;

const FORMAT = 'VAT_ID_FORMAT';
const CHECKSUM = 'VAT_ID_CHECKSUM';
const OK = null;

const digit = (s: string, i: number): number => s.charCodeAt(i) - 48;
const num = (s: string, from: number, to: number): number => Number(s.slice(from, to));
/** Python's modulo: never negative, as the published formulas assume. */
const mod = (a: number, m: number): number => ((a % m) + m) % m;
const weighted = (s: string, weights: readonly number[], from = 0): number =>
  weights.reduce((sum, w, i) => sum + w * digit(s, from + i), 0);
const verdict = (valid: boolean): RuleVerdict => (valid ? OK : CHECKSUM);
const rule =
  (format: RegExp, valid: (n: string) => boolean): Check =>
  (n) =>
    format.test(n) ? verdict(valid(n)) : FORMAT;

/** Luhn sum of the digits; a number with a valid Luhn check digit sums to 0. */
function luhnSum(s: string): number {
  let sum = 0;
  for (let i = s.length - 1, double = false; i >= 0; i--, double = !double) {
    const v = digit(s, i) * (double ? 2 : 1);
    sum += v > 9 ? v - 9 : v;
  }
  return sum % 10;
}
const luhnCheckDigit = (s: string): number => (10 - luhnSum(s + '0')) % 10;

/** ISO 7064 MOD 11,10 over the whole number, check digit included (stdnum/iso7064/mod_11_10.py). */
function mod11and10(s: string): boolean {
  let check = 5;
  for (let i = 0; i < s.length; i++) check = ((((check || 10) * 2) % 11) + digit(s, i)) % 10;
  return check === 1;
}

/** ISO 7064 MOD 97-10 with letters read as 10..35 (stdnum/iso7064/mod_97_10.py); valid numbers give 1. */
const mod97and10 = (s: string): number =>
  [...[...s].map((c) => parseInt(c, 36)).join('')].reduce((r, c) => (r * 10 + Number(c)) % 97, 0);

function isDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
  return day <= days;
}

/** Czech and Slovak birth number (rodné číslo, stdnum/cz/rc.py): a real birth date; 10 digits carry a check. */
function birthNumber(n: string): RuleVerdict {
  let year = 1900 + num(n, 0, 2);
  // Women have 50 added to the month, and 20 more when a day's serials ran out (since 2004).
  const month = (num(n, 2, 4) % 50) % 20;
  if (n.length === 9) {
    if (year >= 1980) year -= 100;
    if (year > 1953) return FORMAT; // 9 digits were issued until 1953 only
  } else if (year < 1954) year += 100;
  if (!isDate(year, month, num(n, 4, 6))) return FORMAT;
  return n.length === 9 ? OK : verdict((num(n, 0, 9) % 11) % 10 === digit(n, 9));
}

// stdnum/bg/vat.py: 9 digits for companies; 10 for persons: a citizen's EGN, a foreigner's PNF or another number.
function bulgaria(n: string): RuleVerdict {
  if (!/^\d{9,10}$/.test(n)) return FORMAT;
  if (n.length === 9) {
    let check = weighted(n, [1, 2, 3, 4, 5, 6, 7, 8]) % 11;
    if (check === 10) check = weighted(n, [3, 4, 5, 6, 7, 8, 9, 10]) % 11;
    return verdict(check % 10 === digit(n, 8));
  }
  // EGN (stdnum/bg/egn.py): birth date with the century in the month (+20: 1800s, +40: 2000s).
  let year = 1900 + num(n, 0, 2);
  let month = num(n, 2, 4);
  if (month > 40) [year, month] = [year + 100, month - 40];
  else if (month > 20) [year, month] = [year - 100, month - 20];
  const egn =
    isDate(year, month, num(n, 4, 6)) && (weighted(n, [2, 4, 8, 5, 10, 9, 7, 3, 6]) % 11) % 10 === digit(n, 9);
  const pnf = weighted(n, [21, 19, 17, 13, 11, 9, 7, 3, 1]) % 10 === digit(n, 9);
  const other = mod(11 - weighted(n, [4, 3, 2, 7, 6, 5, 4, 3, 2]), 11) === digit(n, 9);
  return verdict(egn || pnf || other);
}

// stdnum/cy/vat.py: 8 digits and a check letter; digits in even places are translated first.
const CYPRUS_EVEN = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21];
function cyprus(n: string): RuleVerdict {
  if (!/^\d{8}[A-Z]$/.test(n) || n.startsWith('12')) return FORMAT;
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += i % 2 === 0 ? (CYPRUS_EVEN[digit(n, i)] ?? 0) : digit(n, i);
  return verdict(String.fromCharCode(65 + (sum % 26)) === n.charAt(8));
}

// stdnum/cz/dic.py: 8 digits for companies, 9 starting with 6 for special cases, else a person's birth number.
function czechia(n: string): RuleVerdict {
  if (/^\d{8}$/.test(n)) {
    if (n.startsWith('9')) return FORMAT;
    return verdict((mod(11 - weighted(n, [8, 7, 6, 5, 4, 3, 2]), 11) || 1) % 10 === digit(n, 7));
  }
  if (/^6\d{8}$/.test(n)) {
    const sum = weighted(n, [8, 7, 6, 5, 4, 3, 2], 1) % 11;
    return verdict(mod(8 - ((10 - sum) % 11), 10) === digit(n, 8));
  }
  return /^\d{9,10}$/.test(n) ? birthNumber(n) : FORMAT;
}

// stdnum/es/nif.py (with dni.py, nie.py, cif.py): residents' DNI, K/L/M and X/Y/Z (NIE) numbers end in a letter
// of the DNI table; companies (CIF) in a Luhn digit or its letter.
const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const dniLetter = (digits: string): string => DNI_LETTERS.charAt(Number(digits) % 23);
function spain(n: string): RuleVerdict {
  if (!/^[A-Z0-9]\d{7}[A-Z0-9]$/.test(n)) return FORMAT;
  const first = n.charAt(0);
  const last = n.charAt(8);
  const body = n.slice(1, 8);
  if ('KLM'.includes(first)) return verdict(dniLetter(body) === last);
  if (/\d/.test(first)) return verdict(dniLetter(n.slice(0, 8)) === last);
  if ('XYZ'.includes(first)) return verdict(dniLetter('XYZ'.indexOf(first) + body) === last);
  if (!'ABCDEFGHJNPQRSUVW'.includes(first)) return FORMAT;
  const check = luhnCheckDigit(body);
  return verdict(last === String(check) || last === 'JABCDEFGHI'.charAt(check));
}

// stdnum/fr/tva.py: a two-character key and the 9-digit SIREN (Luhn); Monaco's numbers have 000 and no SIREN.
// A numeric key is (SIREN·100 + 12) mod 97. The tax office does not publish how the newer alphabetic keys are
// computed (stdnum checks them by a reconstructed formula), so those are checked for their shape and the SIREN
// only: refusing a real number at checkout costs more than a typo that VIES would catch later.
function france(n: string): RuleVerdict {
  if (!/^[0-9A-HJ-NP-Z]{2}\d{9}$/.test(n)) return FORMAT;
  const siren = n.slice(2);
  if (!siren.startsWith('000') && luhnSum(siren) !== 0) return CHECKSUM;
  if (!/^\d\d/.test(n)) return OK;
  return verdict(num(n, 0, 2) === Number(siren + '12') % 97);
}

// stdnum/ie/vat.py: 7 digits, a check letter and maybe a second letter (2013 on), or the old style with a letter
// (or + or *) in second place. A missing second letter counts as W (value 0).
const IRISH_LETTERS = 'WABCDEFGHIJKLMNOPQRSTUV';
const irishLetter = (seven: string, extra: string): string =>
  IRISH_LETTERS.charAt((weighted(seven, [8, 7, 6, 5, 4, 3, 2]) + 9 * IRISH_LETTERS.indexOf(extra)) % 23);
function ireland(n: string): RuleVerdict {
  if (/^\d{7}[A-W]{1,2}$/.test(n)) return verdict(n.charAt(7) === irishLetter(n.slice(0, 7), n.charAt(8) || 'W'));
  if (/^\d[A-Z+*]\d{5}[A-W]$/.test(n))
    return verdict(n.charAt(7) === irishLetter('0' + n.slice(2, 7) + n.charAt(0), 'W'));
  return FORMAT;
}

// stdnum/it/iva.py: 7-digit number, 3-digit office (province 001-100 or a special office), Luhn check digit.
function italy(n: string): RuleVerdict {
  if (!/^\d{11}$/.test(n) || num(n, 0, 7) === 0) return FORMAT;
  const office = num(n, 7, 10);
  if (!((office >= 1 && office <= 100) || [120, 121, 888, 999].includes(office))) return FORMAT;
  return verdict(luhnSum(n) === 0);
}

// stdnum/lt/pvm.py: 9 digits (companies) or 12 (temporary and natural persons), a 1 before the check digit.
function lithuania(n: string): RuleVerdict {
  if (!/^(\d{7}|\d{10})1\d$/.test(n)) return FORMAT;
  const body = n.slice(0, -1);
  const sum = (shift: number) => [...body].reduce((s, c, i) => s + (1 + ((i + shift) % 9)) * Number(c), 0);
  let check = sum(0) % 11;
  if (check === 10) check = sum(2);
  return verdict((check % 11) % 10 === digit(n, n.length - 1));
}

// stdnum/lv/pvn.py: companies start with 4-9; persons' codes carry a birth date (ddmmyy + century) unless
// issued from 2017 on (starting with 32).
function latvia(n: string): RuleVerdict {
  if (!/^\d{11}$/.test(n)) return FORMAT;
  if (digit(n, 0) > 3) return verdict(weighted(n, [9, 1, 4, 8, 3, 10, 2, 5, 7, 6, 1]) % 11 === 3);
  if (!n.startsWith('32') && !isDate(1800 + digit(n, 6) * 100 + num(n, 4, 6), num(n, 2, 4), num(n, 0, 2))) {
    return FORMAT;
  }
  return verdict(((1 + weighted(n, [10, 5, 8, 4, 2, 1, 6, 3, 7, 9])) % 11) % 10 === digit(n, 10));
}

// stdnum/ro/cf.py: a company's CUI of 2 to 10 digits (stdnum/ro/cui.py), or a person's CNP (stdnum/ro/cnp.py).
const CNP_CENTURY = [1900, 1900, 1900, 1800, 1800, 2000, 2000, 1900, 1900, 1900];
function romania(n: string): RuleVerdict {
  if (/^[1-9]\d{1,9}$/.test(n)) {
    const body = n.slice(0, -1).padStart(9, '0');
    return verdict(((10 * weighted(body, [7, 5, 3, 2, 1, 7, 5, 3, 2])) % 11) % 10 === digit(n, n.length - 1));
  }
  if (!/^[1-9]\d{12}$/.test(n)) return FORMAT;
  const year = (CNP_CENTURY[digit(n, 0)] ?? 1900) + num(n, 1, 3);
  const county = num(n, 7, 9);
  const knownCounty = (county >= 1 && county <= 48) || [51, 52, 70].includes(county) || (county >= 80 && county <= 83);
  if (!isDate(year, num(n, 3, 5), num(n, 5, 7)) || !knownCounty) return FORMAT;
  const check = weighted(n, [2, 7, 9, 1, 4, 6, 3, 5, 8, 2, 7, 9]) % 11;
  return verdict((check === 10 ? 1 : check) === digit(n, 12));
}

// stdnum/sk/dph.py: 10 digits divisible by 11 with 2, 3, 4, 7, 8 or 9 in third place; or a birth number.
function slovakia(n: string): RuleVerdict {
  if (!/^\d{10}$/.test(n)) return FORMAT;
  if (birthNumber(n) === OK) return OK;
  if (n.startsWith('0') || !'234789'.includes(n.charAt(2))) return FORMAT;
  return verdict(Number(n) % 11 === 0);
}

/** The rules by VAT prefix (Greece is EL; XI is Northern Ireland, which keeps EU VAT rules for goods). */
export const RULES: Readonly<Record<string, Check>> = {
  // stdnum/at/uid.py: U, 7 digits and a Luhn-based check digit.
  AT: rule(/^U\d{8}$/, (n) => mod(6 - luhnSum(n.slice(1, 8)), 10) === digit(n, 8)),
  // stdnum/be/vat.py: 10 digits starting with 0 or 1; the last two are 97 - (first eight mod 97).
  BE: rule(/^(?!0+$)[01]\d{9}$/, (n) => (num(n, 0, 8) + num(n, 8, 10)) % 97 === 0),
  BG: bulgaria,
  CY: cyprus,
  CZ: czechia,
  // stdnum/de/vat.py: 9 digits, no leading 0, ISO 7064 MOD 11,10.
  DE: rule(/^[1-9]\d{8}$/, mod11and10),
  // stdnum/dk/cvr.py
  DK: rule(/^[1-9]\d{7}$/, (n) => weighted(n, [2, 7, 6, 5, 4, 3, 2, 1]) % 11 === 0),
  // stdnum/ee/kmkr.py
  EE: rule(/^\d{9}$/, (n) => weighted(n, [3, 7, 1, 3, 7, 1, 3, 7, 1]) % 10 === 0),
  // stdnum/gr/vat.py: the check digit is the first eight read as binary-weighted sum, times 2, mod 11, mod 10.
  EL: rule(/^\d{9}$/, (n) => ((weighted(n, [128, 64, 32, 16, 8, 4, 2, 1]) * 2) % 11) % 10 === digit(n, 8)),
  ES: spain,
  // stdnum/fi/alv.py
  FI: rule(/^\d{8}$/, (n) => weighted(n, [7, 9, 10, 5, 8, 4, 2, 1]) % 11 === 0),
  FR: france,
  // stdnum/hr/oib.py: 11 digits, ISO 7064 MOD 11,10.
  HR: rule(/^\d{11}$/, mod11and10),
  // stdnum/hu/anum.py
  HU: rule(/^\d{8}$/, (n) => weighted(n, [9, 7, 3, 1, 9, 7, 3, 1]) % 10 === 0),
  IE: ireland,
  IT: italy,
  LT: lithuania,
  // stdnum/lu/tva.py: the last two digits are the first six mod 89.
  LU: rule(/^\d{8}$/, (n) => num(n, 0, 6) % 89 === num(n, 6, 8)),
  LV: latvia,
  // stdnum/mt/vat.py
  MT: rule(/^[1-9]\d{7}$/, (n) => weighted(n, [3, 4, 6, 7, 8, 9, 10, 1]) % 37 === 0),
  // stdnum/nl/btw.py: 9 digits, B and a 2-digit branch. Companies' 9 digits pass the BSN mod-11 test; sole
  // proprietors' numbers since 2020 instead pass ISO 7064 MOD 97-10 over the whole 'NL…' string.
  NL: rule(
    /^(?!0{9})\d{9}B(?!00)\d\d$/,
    (n) => mod(weighted(n, [9, 8, 7, 6, 5, 4, 3, 2]) - digit(n, 8), 11) === 0 || mod97and10('NL' + n) === 1,
  ),
  // stdnum/pl/nip.py
  PL: rule(/^\d{10}$/, (n) => mod(weighted(n, [6, 5, 7, 2, 3, 4, 5, 6, 7, -1]), 11) === 0),
  // stdnum/pt/nif.py
  PT: rule(/^[1-9]\d{8}$/, (n) => mod(11 - weighted(n, [9, 8, 7, 6, 5, 4, 3, 2]), 11) % 10 === digit(n, 8)),
  RO: romania,
  // stdnum/se/vat.py: the 10-digit organisation number (Luhn) and 01.
  SE: rule(/^\d{10}01$/, (n) => luhnSum(n.slice(0, 10)) === 0),
  // stdnum/si/ddv.py: a check of 11 (not a digit) makes the number invalid, 10 is written 0.
  SI: rule(/^[1-9]\d{7}$/, (n) => {
    const check = 11 - (weighted(n, [8, 7, 6, 5, 4, 3, 2]) % 11);
    return check !== 11 && check % 10 === digit(n, 7);
  }),
  SK: slovakia,
  // stdnum/gb/vat.py: 9 digits (12 for a branch); numbers from 100 on may also sum to 42 or 55 (since 2010).
  XI: rule(/^\d{9}(\d{3})?$/, (n) => {
    const sum = weighted(n, [8, 7, 6, 5, 4, 3, 2, 10, 1]) % 97;
    return num(n, 0, 3) >= 100 ? [0, 42, 55].includes(sum) : sum === 0;
  }),
};

/** The national part in its full-length form: Belgium's and Greece's old short numbers, NL without leading 0s. */
export function padNational(prefix: string, n: string): string {
  if (prefix === 'BE') return (n.startsWith('(0)') ? '0' + n.slice(3) : n).replace(/^\d{9}$/, '0$&');
  if (prefix === 'EL') return n.replace(/^\d{8}$/, '0$&');
  if (prefix === 'NL' && /^\d{1,8}B\d\d$/.test(n)) return n.padStart(12, '0');
  return n;
}
