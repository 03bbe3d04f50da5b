// Tag manager: the container script is loaded only when an id is configured and the shopper has
// accepted analytics cookies, never before.
import { $consent } from './consent-store.ts';

type DataLayer = Record<string, unknown>[];
declare global {
  interface Window { dataLayer?: DataLayer }
}

/** Starts the configured container (GTM-…) once consent is given; a shop without one has no id. */
export function initTagManager(id: string | undefined): void {
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
