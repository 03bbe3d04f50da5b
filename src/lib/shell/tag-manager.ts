// Tag manager: events are pushed only when an id is configured and the shopper
// has accepted analytics cookies; the container script is loaded on that consent, never before.
import { atom } from 'nanostores';
import { $consent } from './consent-store.ts';

type DataLayer = Record<string, unknown>[];
declare global {
  interface Window { dataLayer?: DataLayer }
}

/** The configured container (GTM-…), or undefined when the shop has none. */
export const $tagManagerId = atom<string | undefined>(undefined);

export function initTagManager(id: string | undefined): void {
  $tagManagerId.set(id);
  if (!id) return;
  $consent.subscribe((consent) => {
    if (consent !== true || document.getElementById('gtm-script')) return;
    window.dataLayer ??= [];
    window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    const script = document.createElement('script');
    script.id = 'gtm-script';
    script.async = true;
    script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`;
    document.head.append(script);
  });
}

export function pushEvent(event: Record<string, unknown>): boolean {
  if (!$tagManagerId.get() || $consent.get() !== true) return false;
  (window.dataLayer ??= []).push(event);
  return true;
}
