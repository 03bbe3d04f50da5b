// The country cookie (spec §7, §9: kept a year, default DE): the country a shopper last had goods
// shipped to. The checkout's address forms start from it, so a returning guest from Austria is not
// offered Germany again. A leaf like currency.ts: constants the server and the browser share.

export const COUNTRY_COOKIE = 'vsf-country';
/** One year, like the currency. */
export const COUNTRY_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;
