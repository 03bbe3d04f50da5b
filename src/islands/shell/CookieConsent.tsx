// Cookie consent bar. Undecided: scrolling locks after 1 s until the shopper
// decides. Decided: the bar hides after 1 s and scrolling is restored.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { CONSENT_DELAY_MS } from '#lib/shell/consent.ts';
import { $consent, decideConsent } from '#lib/shell/consent-store.ts';

export interface CookieConsentProps {
  termsHref: string;
  strings: { title: string; text: string; link: string; accept: string; reject: string };
}

export function CookieConsent({ termsHref, strings }: CookieConsentProps) {
  const consent = useStore($consent);
  const [visible, setVisible] = useState(true);

  useEffect(() => {
    const root = document.documentElement;
    const timer = setTimeout(() => {
      if (consent === 'undecided') {
        root.classList.add('consent-scroll-lock');
      } else {
        root.classList.remove('consent-scroll-lock');
        setVisible(false);
      }
    }, CONSENT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [consent]);

  if (!visible) return null;
  const decided = consent !== 'undecided';
  return (
    <section className={`cookie-consent${decided ? ' is-decided' : ''}`} aria-labelledby="cookie-consent-title">
      <div className="cookie-consent-inner">
        <h2 id="cookie-consent-title">{strings.title}</h2>
        <p>{strings.text} <a href={termsHref}>{strings.link}</a></p>
        <div className="cookie-consent-actions">
          <button type="button" className="button secondary" disabled={decided} onClick={() => decideConsent(false)}>{strings.reject}</button>
          <button type="button" className="button primary" disabled={decided} onClick={() => decideConsent(true)}>{strings.accept}</button>
        </div>
      </div>
    </section>
  );
}
