// Name suffixes and attribute values that make one product of a type differ from the next
// ("18 V", "4,0 × 40 mm", "Ø 6 mm"). Every value used here has an option in attributes.ts.
import type { Rng } from './random.ts';
import { decimal, LOCALES, same, type L } from './vocabulary.ts';

interface SpecResult {
  suffix: L;
  attrs: [code: string, value: string][];
}
export type Spec = (rng: Rng) => SpecResult;

const localized = (fn: (locale: (typeof LOCALES)[number]) => string): L =>
  Object.fromEntries(LOCALES.map((l) => [l, fn(l)])) as L;

/** Option values for the select attributes whose options are numbers. */
export const DIAMETERS = [2, 3, 3.5, 4, 4.5, 5, 6, 8, 10, 12, 14, 16, 115, 125, 150, 180, 230] as const;
export const LENGTHS = [
  16, 20, 25, 30, 40, 50, 60, 80, 100, 120, 150, 180, 200, 250, 300, 400, 600, 800, 1000, 1200, 1500, 2000,
] as const;
export const VOLTAGES = [10.8, 12, 18, 36, 230] as const;
export const GLOVE_SIZES = ['7', '8', '9', '10', '11'] as const;
export const SHOE_SIZES = ['39', '40', '41', '42', '43', '44', '45', '46'] as const;

export const numValue = (n: number): string => String(n);

export const volt =
  (choices: readonly number[]): Spec =>
  (rng) => {
    const v = rng.pick(choices);
    return { suffix: localized((l) => `${v % 1 ? decimal(v, l) : v} V`), attrs: [['voltage', numValue(v)]] };
  };

export const battery = (): Spec => (rng) => {
  const v = rng.pick([12, 18, 36]);
  const ah = rng.pick([2, 4, 5, 8]);
  return { suffix: localized((l) => `${v} V ${decimal(ah, l)} Ah`), attrs: [['voltage', numValue(v)]] };
};

/** A millimetre size stored in the given attribute (diameter or length). */
export const mm =
  (code: 'diameter' | 'length', choices: readonly number[], diameterSign = false): Spec =>
  (rng) => {
    const v = rng.pick(choices);
    return {
      suffix: localized((l) => `${diameterSign ? 'Ø ' : ''}${v % 1 ? decimal(v, l) : v} mm`),
      attrs: [[code, numValue(v)]],
    };
  };

export const bit =
  (choices: readonly number[]): Spec =>
  (rng) => {
    const d = rng.pick(choices);
    const len = rng.pick([60, 80, 100, 120, 150].filter((x) => x >= d * 8 || x === 150));
    return {
      suffix: localized((l) => `Ø ${d % 1 ? decimal(d, l) : d} × ${len} mm`),
      attrs: [
        ['diameter', numValue(d)],
        ['length', numValue(len)],
      ],
    };
  };

export const woodScrew = (): Spec => (rng) => {
  const d = rng.pick([3, 3.5, 4, 4.5, 5, 6]);
  const len = rng.pick([16, 20, 25, 30, 40, 50, 60, 80, 100, 120].filter((x) => x >= d * 4));
  const pu = rng.pick([100, 200, 500, 1000]);
  return {
    suffix: localized((l) => `${decimal(d, l)} × ${len} mm`),
    attrs: [
      ['diameter', numValue(d)],
      ['length', numValue(len)],
      ['packaging_unit', String(pu)],
    ],
  };
};

export const metricScrew = (): Spec => (rng) => {
  const d = rng.pick([3, 4, 5, 6, 8, 10, 12, 16]);
  const len = rng.pick([16, 20, 25, 30, 40, 50, 60, 80, 100].filter((x) => x >= d * 2));
  const pu = rng.pick([50, 100, 200]);
  return {
    suffix: same(`M${d} × ${len}`),
    attrs: [
      ['diameter', numValue(d)],
      ['length', numValue(len)],
      ['packaging_unit', String(pu)],
    ],
  };
};

export const metric =
  (choices: readonly number[]): Spec =>
  (rng) => {
    const d = rng.pick(choices);
    const pu = rng.pick([50, 100, 200, 500]);
    return {
      suffix: same(`M${d}`),
      attrs: [
        ['diameter', numValue(d)],
        ['packaging_unit', String(pu)],
      ],
    };
  };

export const plug = (): Spec => (rng) => {
  const d = rng.pick([5, 6, 8, 10, 12, 14]);
  const len = d * 5 <= 60 ? rng.pick([25, 30, 40, 50, 60].filter((x) => x >= d * 4)) : 80;
  const pu = rng.pick([50, 100, 200]);
  return {
    suffix: same(`${d} × ${len} mm`),
    attrs: [
      ['diameter', numValue(d)],
      ['length', numValue(len)],
      ['packaging_unit', String(pu)],
    ],
  };
};

export const rivet = (): Spec => (rng) => {
  const d = rng.pick([3, 4, 5, 6]);
  const len = rng.pick([16, 20, 25]);
  const pu = rng.pick([250, 500, 1000]);
  return {
    suffix: localized((l) => `${decimal(d, l)} × ${len} mm`),
    attrs: [
      ['diameter', numValue(d)],
      ['length', numValue(len)],
      ['packaging_unit', String(pu)],
    ],
  };
};

/** A model designation such as "Pro 600": same in every language. */
export const model =
  (series: readonly string[], numbers: readonly number[]): Spec =>
  (rng) => ({
    suffix: same(`${rng.pick(series)} ${rng.pick(numbers)}`),
    attrs: [],
  });

export const capacity =
  (litres: readonly number[]): Spec =>
  (rng) => {
    const v = rng.pick(litres);
    return { suffix: same(`${v} l`), attrs: [['voltage', '230']] };
  };

export const grams =
  (choices: readonly number[]): Spec =>
  (rng) => {
    const g = rng.pick(choices);
    return { suffix: same(`${g} g`), attrs: [] };
  };

export const bitProfile = (): Spec => (rng) => ({
  suffix: same(rng.pick(['PH1', 'PH2', 'PH3', 'PZ1', 'PZ2', 'PZ3', 'TX20', 'TX25', 'TX30', 'TX40', 'SW5', 'SW6'])),
  attrs: [['length', numValue(rng.pick([25, 50]))]],
});

/** A millimetre size shown in the name only (jaw width, spanner size). */
export const mmPlain =
  (choices: readonly number[]): Spec =>
  (rng) => ({ suffix: same(`${rng.pick(choices)} mm`), attrs: [] });

export const decibel = (): Spec => (rng) => ({ suffix: same(`SNR ${rng.pick([24, 27, 30, 33, 36])} dB`), attrs: [] });

export const compartments = (): Spec => (rng) => {
  const c = rng.pick([8, 12, 16, 24, 32, 48]);
  return {
    suffix: localized(
      (l) =>
        `${c} ${{ de: 'Fächer', en: 'compartments', fr: 'compartiments', es: 'compartimentos', it: 'scomparti' }[l]}`,
    ),
    attrs: [],
  };
};

export const tip = (): Spec => (rng) => ({
  suffix: same(rng.pick(['PH1', 'PH2', 'PZ1', 'PZ2', 'TX20', 'TX25', 'SL 4', 'SL 6'])),
  attrs: [['length', numValue(rng.pick([80, 100, 120, 150]))]],
});
