// Starts the shell's plain scripts on the parts of it the page has: the whole shell runs on a few
// kilobytes; islands load on intent. One entry for all of it (the layout's only script), so a page
// asks for one script before it can run, not one per component.
import { startConsentBar } from '../shell/consent-bar.ts';
import { startCurrencySelectors } from '../catalog/currency-selector.ts';
import { startLocaleSelectors } from '../shell/locale-selector.ts';
import { startNotificationBar } from '../shell/notification-bar.ts';
import { startNotifications } from '../shell/notifications-view.ts';
import { $progressBar } from '../shell/progress.ts';
import { installChunkReload } from '../shell/progress-chunk-reload.ts';
import { startDesktopMenu } from '../shell/desktop-menu.ts';
import { startMobileMenu } from '../shell/mobile-menu.ts';
import { startSearchForm } from '../search/search-form.ts';
import { startShellState } from './shell-state.ts';
import { startOnBehalfBar } from './on-behalf-bar.ts';
import type { Locale } from '../i18n/locales.ts';
import { initTagManager } from '../shell/tag-manager.ts';
import { watchIntentIslands } from '../shell/intent-islands.ts';
import { RECENT_PRODUCT_ID } from '../catalog/recent-product.ts';

/** After the page's own work, so what runs then costs nothing before the first paint. */
const whenIdle = (run: () => void): void => {
  if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 200);
};

export function startShell(): void {
  // An island's code gone after a deploy reloads the page (once a minute at most), before any island loads.
  installChunkReload(window);
  // Then the shell's state, which wakes islands by name right away (#login, a signed-in shopper's prices).
  watchIntentIslands();
  startShellState();
  const nav = document.querySelector<HTMLElement>('.desktop-menu');
  if (nav) startDesktopMenu(nav);
  const menu = document.querySelector<HTMLDialogElement>('dialog.mobile-menu');
  if (menu) startMobileMenu(menu);
  const search = document.querySelector<HTMLFormElement>('form.search-bar');
  if (search) startSearchForm(search, (document.documentElement.dataset.locale ?? 'de') as Locale);
  startNotificationBar();
  startOnBehalfBar();
  startCurrencySelectors();
  startLocaleSelectors();
  const area = document.querySelector<HTMLElement>('.notifications');
  if (area) startNotifications(area);
  const bar = document.querySelector<HTMLElement>('.progress-bar');
  if (bar)
    $progressBar.subscribe((phase) => {
      bar.dataset.progress = phase;
    });
  const consent = document.querySelector<HTMLElement>('.cookie-consent');
  if (consent) startConsentBar(consent);
  const tagManager = document.querySelector<HTMLElement>('[data-tag-manager]');
  // The e-commerce events start only once the container does. Their module is downloaded then too, except
  // on the payment step, which imports it to report add_payment_info and purchase (pushEvent still checks consent).
  if (tagManager)
    initTagManager(
      tagManager.dataset.tagManager || undefined,
      () => void import('./analytics.ts').then(({ startAnalytics }) => startAnalytics()),
    );
  // A product page is recorded in the tab's recently viewed list once the page is idle: its code is
  // no request before the page has painted.
  if (document.getElementById(RECENT_PRODUCT_ID)) {
    whenIdle(() => void import('../catalog/record-view.ts').then(({ recordThisProduct }) => recordThisProduct()));
  }
  // Tests and tools wait for this before they interact with the shell.
  document.documentElement.dataset.shell = 'ready';
}
