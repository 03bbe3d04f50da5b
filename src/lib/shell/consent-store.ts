import { atom } from 'nanostores';
import { CONSENT_STORAGE_KEY, parseConsent, serializeConsent, type ConsentState } from './consent.ts';

export const $consent = atom<ConsentState>('undecided');

export function decideConsent(accepted: boolean): void {
  localStorage.setItem(CONSENT_STORAGE_KEY, serializeConsent(accepted, Date.now()));
  $consent.set(accepted);
}

if (typeof window !== 'undefined') {
  $consent.set(parseConsent(localStorage.getItem(CONSENT_STORAGE_KEY), Date.now()));
}
