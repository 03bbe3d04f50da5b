// Starts the shell's plain scripts on the parts of it the page has: the whole shell runs on a few
// kilobytes; islands load on intent.
import { startConsentBar } from './consent-bar.ts';
import { startDesktopMenu } from './desktop-menu.ts';
import { startMobileMenu } from './mobile-menu.ts';
import { startSearchForm } from './search-form.ts';
import { startShellState } from './shell-state.ts';
import type { Locale } from '../i18n/locales.ts';
import { initTagManager } from './tag-manager.ts';
import { watchIntentIslands } from './intent-islands.ts';

export function startShell(): void {
  // First: the shell's state wakes islands by name right away (#login, a signed-in shopper's prices).
  watchIntentIslands();
  startShellState();
  const nav = document.querySelector<HTMLElement>('.desktop-menu');
  if (nav) startDesktopMenu(nav);
  const menu = document.querySelector<HTMLDialogElement>('dialog.mobile-menu');
  if (menu) startMobileMenu(menu);
  const search = document.querySelector<HTMLFormElement>('form.search-bar');
  if (search) startSearchForm(search, (document.documentElement.dataset.locale ?? 'de') as Locale);
  const consent = document.querySelector<HTMLElement>('.cookie-consent');
  if (consent) startConsentBar(consent);
  const tagManager = document.querySelector<HTMLElement>('[data-tag-manager]');
  if (tagManager) initTagManager(tagManager.dataset.tagManager || undefined);
  // Tests and tools wait for this before they interact with the shell.
  document.documentElement.dataset.shell = 'ready';
}
