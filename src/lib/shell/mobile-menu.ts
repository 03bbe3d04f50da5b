// The mobile menu's behaviour on its server-rendered HTML (src/components/shell/MobileMenu.astro), a
// modal <dialog>: the browser traps focus, closes on Escape and returns focus to the opener. Every
// submenu level is in the HTML; entering one shows its level, Back steps up one, closing starts over.
import { $mobileMenuOpen, $mobileMenuPath, closeMobileMenu, enterSubmenu, leaveSubmenu } from './ui-store.ts';

export function startMobileMenu(dialog: HTMLDialogElement): void {
  const levels = [...dialog.querySelectorAll<HTMLElement>('[data-level]')];
  const back = dialog.querySelector<HTMLElement>('[data-menu-back]');
  const title = dialog.querySelector<HTMLElement>('.mobile-menu-title');

  dialog.addEventListener('click', (event) => {
    const target = event.target as HTMLElement;
    // A click on the dimmed backdrop lands on the dialog element itself.
    if (target === dialog || target.closest('[data-menu-close]')) return dialog.close();
    const entry = target.closest<HTMLElement>('[data-enter]');
    if (entry?.dataset.enter) enterSubmenu(entry.dataset.enter);
    else if (target.closest('[data-menu-back]')) leaveSubmenu();
  });
  dialog.addEventListener('close', closeMobileMenu);

  $mobileMenuOpen.subscribe((open) => {
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  });
  $mobileMenuPath.subscribe((path) => {
    const current = path.at(-1) ?? '';
    let shown: HTMLElement | undefined;
    for (const level of levels) {
      level.hidden = level.dataset.level !== current;
      if (!level.hidden) shown = level;
    }
    if (back) back.hidden = current === '';
    if (title) title.hidden = current !== '';
    dialog.classList.toggle('as-sidebar', shown?.dataset.sidebar === 'true');
    if (dialog.open) shown?.querySelector<HTMLElement>('a[href], button')?.focus();
  });
}
