// The account's order page in the browser (src/components/account/AccountOrder.astro): "Print" prints
// it, "Order again" puts its lines into the cart (POST /api/orders/reorder, prices the server's), opens
// the cart and says in the page which lines could not be added and why.
import { call } from '../http/client.ts';
import { ordersApi } from '../orders/client.ts';
import { adoptCart } from '../cart/store.ts';
import { $cartSidebarOpen } from '../shell/ui-store.ts';
import { cartErrorKey } from '../cart/display.ts';
import type { Locale } from '../i18n/locales.ts';

interface ReorderTexts {
  done: string;
  refused: string;
  /** cart.error.* and server.NETWORK_ERROR by key. */
  errors: Record<string, string>;
}

/** A heading and, where there are any, the lines it is about, in the page's live status region. */
function say(status: HTMLElement, heading: string, lines: string[] = []): void {
  const parts: Node[] = [Object.assign(document.createElement('p'), { textContent: heading })];
  if (lines.length > 0) {
    const list = document.createElement('ul');
    list.append(...lines.map((line) => Object.assign(document.createElement('li'), { textContent: line })));
    parts.push(list);
  }
  status.replaceChildren(...parts);
}

export function startOrderPage(root: HTMLElement): void {
  const texts = JSON.parse(root.dataset.texts ?? '{}') as ReorderTexts;
  const status = root.querySelector<HTMLElement>('[data-reorder-status]');
  root.querySelector('[data-print]')?.addEventListener('click', () => window.print());
  const reorder = root.querySelector<HTMLButtonElement>('[data-reorder]');
  reorder?.addEventListener('click', async () => {
    if (!status || reorder.disabled) return;
    reorder.disabled = true;
    try {
      const result = await call(ordersApi.reorder, {
        id: reorder.dataset.reorder ?? '',
        locale: document.documentElement.lang as Locale,
      });
      if (result.cart) {
        adoptCart(result.cart);
        $cartSidebarOpen.set(true);
      }
      const refused = result.refused.map(
        (line) => `${line.name}: ${texts.errors[cartErrorKey(line.code)] ?? line.code}`,
      );
      say(status, refused.length > 0 ? texts.refused : texts.done, refused);
    } catch (error) {
      const code = error instanceof Error && 'code' in error ? String(error.code) : 'NETWORK_ERROR';
      say(status, texts.errors[cartErrorKey(code)] ?? texts.errors['cart.error.generic'] ?? '');
    } finally {
      reorder.disabled = false;
    }
  });
}
