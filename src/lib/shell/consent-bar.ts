// The cookie consent bar without a framework (src/components/CookieBar.astro). Undecided: scrolling
// locks after 1 s until the shopper decides. Deciding disables both buttons, fades the bar and
// removes it (and the scroll lock) after 1 s. A decision already stored hides the bar before the
// first paint (the inline script in Base.astro), so a returning shopper never sees it.
import { CONSENT_DELAY_MS } from './consent.ts';
import { $consent, decideConsent } from './consent-store.ts';

export function startConsentBar(bar: HTMLElement): void {
  const root = document.documentElement;
  const buttons = [...bar.querySelectorAll<HTMLButtonElement>('button[data-consent]')];
  for (const button of buttons)
    button.addEventListener('click', () => decideConsent(button.dataset.consent === 'accept'));

  let timer: ReturnType<typeof setTimeout> | undefined;
  $consent.subscribe((consent) => {
    clearTimeout(timer);
    const decided = consent !== 'undecided';
    for (const button of buttons) button.disabled = decided;
    bar.classList.toggle('is-decided', decided);
    timer = setTimeout(() => {
      root.classList.toggle('consent-scroll-lock', !decided);
      if (decided) bar.remove();
    }, CONSENT_DELAY_MS);
  });
}
