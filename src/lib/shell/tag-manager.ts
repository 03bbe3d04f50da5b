// Tag manager: the container script is loaded only when an id is configured and the shopper has
// accepted analytics cookies, never before; so is every data-layer event (pushEvent).
import { atom } from 'nanostores';
import { $consent } from './consent-store.ts';

type DataLayer = Record<string, unknown>[];
declare global {
  interface Window {
    dataLayer?: DataLayer;
  }
}

/**
 * The configured container id (GTM-…); undefined: the shop has none and nothing is ever pushed.
 * @internal Test seam: tests set it; the page sets it through initTagManager().
 */
export const $tagManagerId = atom<string | undefined>(undefined);

function dataLayer(): DataLayer {
  const scope = globalThis as { dataLayer?: DataLayer };
  scope.dataLayer ??= [];
  return scope.dataLayer;
}

/**
 * Pushes one GA4 e-commerce event, only with a container id and analytics consent; false when it
 * was dropped. The previous event's ecommerce object is cleared first, as GA4 asks, so no item
 * leaks from one event into the next.
 */
export function pushEvent(event: { event: string; ecommerce: object }): boolean {
  if (!$tagManagerId.get() || $consent.get() !== true) return false;
  dataLayer().push({ ecommerce: null });
  dataLayer().push({ ...event });
  return true;
}

/**
 * Starts the configured container (GTM-…) once consent is given; a shop without one has no id.
 * `onStarted` runs then: the page's start-up (src/lib/app/start.ts) starts the e-commerce events
 * there, so this kit module knows no domain.
 */
export function initTagManager(id: string | undefined, onStarted: () => void): void {
  if (!id) return;
  $tagManagerId.set(id);
  $consent.subscribe((consent) => {
    if (consent !== true || document.getElementById('gtm-script')) return;
    dataLayer().push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    const script = document.createElement('script');
    script.id = 'gtm-script';
    script.async = true;
    script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`;
    document.head.append(script);
    onStarted();
  });
}
