// The shopper's cookie decision, kept in localStorage under a versioned key. An expired or unreadable
// decision reads as undecided, so the banner asks again.
import { persistentAtom } from '@nanostores/persistent';
import { CONSENT_STORAGE_KEY, parseConsent, serializeConsent, type ConsentState } from './consent.ts';

export const $consent = persistentAtom<ConsentState>(CONSENT_STORAGE_KEY, 'undecided', {
  decode: (raw) => parseConsent(raw, Date.now()),
  encode: (value) => (value === 'undecided' ? undefined : serializeConsent(value, Date.now())),
});

export function decideConsent(accepted: boolean): void {
  $consent.set(accepted);
}
