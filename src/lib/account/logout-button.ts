// "Log out" in the account area's navigation (src/components/account/AccountNav.astro): a plain
// button and this page script instead of a React island, so that no account page loads React, or the
// auth store's validation, before the customer does anything. The code that signs out loads when the
// button is pressed; afterwards the account is left for the locale's home page, since account pages
// need a login.
import { ApiClientError } from '../http/client.ts';
import { reportFailure } from '../shell/report.ts';

/** Says that signing out failed, below the button, as an alert (inserted, so it is announced). */
function sayFailed(root: HTMLElement, text: string): void {
  root.querySelector('.account-logout-error')?.remove();
  const alert = Object.assign(document.createElement('p'), { className: 'account-logout-error', textContent: text });
  alert.setAttribute('role', 'alert');
  root.append(alert);
}

export function startLogoutButton(root: HTMLElement): void {
  const button = root.querySelector<HTMLButtonElement>('button[data-logout]');
  if (!button) return;
  button.addEventListener('click', async () => {
    if (button.disabled) return;
    button.disabled = true;
    root.querySelector('.account-logout-error')?.remove();
    try {
      const { signOut } = await import('../auth/sign-out.ts');
      await signOut();
      location.assign(button.dataset.home ?? '/');
    } catch (error) {
      // Still signed in. A refusal or a lost connection is the shopper's to know; anything else is a bug too.
      if (!(error instanceof ApiClientError)) reportFailure('account: sign-out failed', error);
      button.disabled = false;
      sayFailed(root, button.dataset.error ?? '');
    }
  });
}
