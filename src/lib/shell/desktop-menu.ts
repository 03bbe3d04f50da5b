// The desktop menu's behaviour on its server-rendered HTML (src/components/shell/DesktopMenu.astro):
// hover opens a dropdown after the activation delay, leaving closes it after the configured delay,
// one open at a time; Enter/Space toggle (the entries are buttons), Escape closes. The row never
// wraps: entries that do not fit are hidden and their copies in the trailing "More" dropdown shown.
import { $openDropdown, closeDropdown, hoverItem, leaveMenu, toggleDropdown } from './desktop-menu-store.ts';
import { fittingCount } from './menu-fit.ts';

/** The dropdown list shows 100 ms after the dropdown opens. */
const LIST_RENDER_DELAY_MS = 100;

function fitRow(row: HTMLElement, entries: HTMLElement[], more: HTMLElement): void {
  const gap = parseFloat(getComputedStyle(row).columnGap) || 0;
  const widths = entries.map((li) => li.offsetWidth + gap);
  const moreWidth = more.offsetWidth + gap;
  const copies = [...more.querySelectorAll<HTMLElement>('[data-more-for]')];
  const update = () => {
    const fit = fittingCount(widths, moreWidth, row.clientWidth);
    entries.forEach((li, i) => {
      li.hidden = i >= fit;
    });
    copies.forEach((li, i) => {
      li.hidden = i < fit;
    });
    more.hidden = fit >= entries.length;
    row.classList.remove('is-measuring');
  };
  update();
  new ResizeObserver(update).observe(row);
}

export function startDesktopMenu(nav: HTMLElement): void {
  const row = nav.querySelector<HTMLElement>('.menu-row');
  if (!row) return;
  const items = [...row.querySelectorAll<HTMLElement>(':scope > .menu-item')];
  const more = items.find((li) => li.dataset.id === 'menu-more');
  if (more)
    fitRow(
      row,
      items.filter((li) => li !== more),
      more,
    );

  const leaveMs = Number(nav.dataset.leaveMs) || 0;
  nav.addEventListener('mouseleave', () => leaveMenu(leaveMs));
  for (const li of items) {
    const id = li.dataset.id;
    const button = li.querySelector<HTMLButtonElement>(':scope > button');
    if (!id || !button) continue;
    li.addEventListener('mouseenter', () => hoverItem(id));
    li.addEventListener('keydown', (event) => event.key === 'Escape' && closeDropdown());
    button.addEventListener('click', () => toggleDropdown(id));
  }

  let timer: ReturnType<typeof setTimeout> | undefined;
  $openDropdown.subscribe((openId) => {
    clearTimeout(timer);
    for (const li of items) {
      const button = li.querySelector(':scope > button');
      const panel = li.querySelector<HTMLElement>(':scope > .menu-dropdown');
      if (!button || !panel) continue;
      const open = li.dataset.id === openId;
      button.setAttribute('aria-expanded', String(open));
      panel.hidden = !open;
      panel.classList.remove('is-ready');
      if (open) timer = setTimeout(() => panel.classList.add('is-ready'), LIST_RENDER_DELAY_MS);
    }
  });
}
