// The merchant's tax settings as the tax rules take them, read from the environment at run time.
import type { TaxSettings } from '#lib/tax/regime.ts';
import { env } from './env.ts';

/** The shop sells from its default country (DEFAULT_COUNTRY), where it is registered for VAT. */
export const taxSettings = (): TaxSettings => ({ shopCountry: env().DEFAULT_COUNTRY, oss: env().TAX_OSS });
