// The currency selector in the header (src/components/CurrencySelector.astro): it shows the choice in
// effect and, on a new choice, stores it on the server and reloads the page in that currency. Static
// blocks a page renders once per currency (`data-price-currency`: a product's price breaks) follow the
// choice too: the server shows the page currency's, a shopper with another sees theirs, or none.
import { readCurrency } from './currency-store.ts';
import { isCurrency } from '../shared/currency.ts';

/** Marks the choice that is in effect: the summary shows its code and names it for screen readers. */
function markCurrent(selector: HTMLElement, code: string): void {
  const option = selector.querySelector<HTMLButtonElement>(`button[data-currency="${code}"]`);
  if (!option) return;
  for (const b of selector.querySelectorAll('button[data-currency]')) b.removeAttribute('aria-current');
  option.setAttribute('aria-current', 'true');
  selector.querySelector('summary')?.setAttribute('aria-label', option.dataset.label ?? code);
  const shown = selector.querySelector('[data-currency-code]');
  if (shown) shown.textContent = code;
}

export function startCurrencySelectors(): void {
  const chosen = readCurrency();
  if (chosen)
    for (const block of document.querySelectorAll<HTMLElement>('[data-price-currency]'))
      block.hidden = block.dataset.priceCurrency !== chosen;
  for (const selector of document.querySelectorAll<HTMLDetailsElement>('.currency-selector')) {
    markCurrent(selector, readCurrency() ?? selector.dataset.defaultCurrency ?? '');
    selector.addEventListener('click', async (e) => {
      const option = (e.target as HTMLElement).closest<HTMLButtonElement>('button[data-currency]');
      const code = option?.dataset.currency;
      if (!isCurrency(code) || selector.getAttribute('aria-busy') === 'true') return;
      if (option?.getAttribute('aria-current')) {
        selector.open = false;
        return;
      }
      selector.setAttribute('aria-busy', 'true');
      try {
        // Loaded on demand: the contract's schemas stay out of every page's first bundle.
        const { chooseCurrency } = await import('../auth/client.ts');
        await chooseCurrency({ currency: code });
        location.reload();
      } catch {
        // Nothing changed on the server; the shopper can try again.
        selector.removeAttribute('aria-busy');
      }
    });
  }
}
