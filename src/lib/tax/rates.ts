// VAT rates by country, in basis points (1900 = 19 %): the standard rate and the main reduced rate.
// They serve two purposes: the shop's own standard rate for products whose catalogue record names no
// rate, and, when the merchant charges One-Stop-Shop VAT (TAX_OSS), the destination country's rate
// for a product of the same class. Rates as in force on 2026-01-01 (European Commission, "VAT rates
// applied in the Member States"); a country's several reduced rates are narrowed to the one most
// goods a wholesaler sells fall under. Checked when a country changes its rates, like any tax table.

interface CountryRates {
  standard: number;
  /** The main reduced rate; the standard rate where a country has none. */
  reduced: number;
}

const RATES: Readonly<Record<string, CountryRates>> = {
  AT: { standard: 2000, reduced: 1000 },
  BE: { standard: 2100, reduced: 600 },
  BG: { standard: 2000, reduced: 900 },
  CY: { standard: 1900, reduced: 500 },
  CZ: { standard: 2100, reduced: 1200 },
  DE: { standard: 1900, reduced: 700 },
  DK: { standard: 2500, reduced: 2500 },
  EE: { standard: 2400, reduced: 900 },
  ES: { standard: 2100, reduced: 1000 },
  FI: { standard: 2550, reduced: 1400 },
  FR: { standard: 2000, reduced: 550 },
  GR: { standard: 2400, reduced: 1300 },
  HR: { standard: 2500, reduced: 1300 },
  HU: { standard: 2700, reduced: 1800 },
  IE: { standard: 2300, reduced: 1350 },
  IT: { standard: 2200, reduced: 1000 },
  LT: { standard: 2100, reduced: 900 },
  LU: { standard: 1700, reduced: 800 },
  LV: { standard: 2100, reduced: 1200 },
  MT: { standard: 1800, reduced: 700 },
  NL: { standard: 2100, reduced: 900 },
  PL: { standard: 2300, reduced: 800 },
  PT: { standard: 2300, reduced: 600 },
  RO: { standard: 2100, reduced: 1100 },
  SE: { standard: 2500, reduced: 1200 },
  SI: { standard: 2200, reduced: 950 },
  SK: { standard: 2300, reduced: 1900 },
  // Shops outside the EU that sell from their own country.
  CH: { standard: 810, reduced: 260 },
  LI: { standard: 810, reduced: 260 },
  GB: { standard: 2000, reduced: 500 },
  NO: { standard: 2500, reduced: 1500 },
};

/** Member states of the European Union (its VAT area), ISO 3166-1 alpha-2. */
const EU_COUNTRIES: ReadonlySet<string> = new Set(
  'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' '),
);

export const isEuCountry = (country: string): boolean => EU_COUNTRIES.has(country.toUpperCase());

/** A country's rates, or null for a country the table does not know (a shop there must name every rate). */
export const ratesOf = (country: string): CountryRates | null => RATES[country.toUpperCase()] ?? null;

/** A rate in percent as the catalogue stores it (7, 5.5) in basis points. */
export const percentToBasisPoints = (percent: number): number => Math.round(percent * 100);
