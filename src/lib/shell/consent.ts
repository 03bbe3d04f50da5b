// Cookie consent: accepted true, false, or undecided; stored under a versioned key.
export const CONSENT_STORAGE_KEY = 'vsf-cookie-consent-v2';
/** Analytics consent is kept two years; required cookies need no consent. */
const CONSENT_MAX_AGE_MS = 2 * 365 * 24 * 60 * 60 * 1000;
/** The banner reacts one second after load or decision. */
export const CONSENT_DELAY_MS = 1000;

export type ConsentState = boolean | 'undecided';

export function parseConsent(raw: string | null, now: number): ConsentState {
  if (!raw) return 'undecided';
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value === 'object' && value !== null && 'accepted' in value && 'at' in value) {
      const { accepted, at } = value as { accepted: unknown; at: unknown };
      if (typeof accepted === 'boolean' && typeof at === 'number' && now - at < CONSENT_MAX_AGE_MS) return accepted;
    }
  } catch {
    // Unreadable consent counts as undecided: the shopper is asked again.
  }
  return 'undecided';
}

export function serializeConsent(accepted: boolean, now: number): string {
  return JSON.stringify({ accepted, at: now });
}
