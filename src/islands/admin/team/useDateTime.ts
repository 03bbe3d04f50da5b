// Dates of the workspace tables in the editor's language and time zone. The server knows neither
// time zone nor clock of the browser: the server's render and the hydrating one both show UTC, so
// the markup matches, and the render right after hydration switches to the browser's own zone.
import { useMemo, useSyncExternalStore } from 'react';
import { LOCALE_TAGS } from '#lib/i18n/locales.ts';

const noSubscription = () => () => undefined;

/** Formats an ISO time as date and time (25.11.2025, 17:04 / 25 Nov 2025, 17:04). */
export function useDateTime(locale: 'de' | 'en'): (iso: string) => string {
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(LOCALE_TAGS[locale], {
      dateStyle: 'medium',
      timeStyle: 'short',
      ...(inBrowser ? {} : { timeZone: 'UTC' }),
    });
    return (iso: string) => format.format(new Date(iso));
  }, [locale, inBrowser]);
}
