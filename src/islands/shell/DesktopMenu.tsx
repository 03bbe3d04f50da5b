// Desktop navigation: hover opens a dropdown, leaving closes it after the configured
// delay, only one dropdown is open at a time. Keyboard: Enter/Space toggle, Escape closes.
// The row never wraps: entries that do not fit go into a trailing "More" dropdown (measured in the
// browser; before that the row clips instead of wrapping, so nothing jumps by a whole row).
import { useStore } from '@nanostores/react';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { MenuItem } from '#lib/content/menu.ts';
import { $openDropdown, closeDropdown, hoverItem, leaveMenu, toggleDropdown } from '#lib/shell/desktop-menu-store.ts';
import { fittingCount } from '#lib/shell/menu-fit.ts';
import { Icon } from './Icon.tsx';

export interface DesktopMenuProps {
  items: MenuItem[];
  leaveTimeoutMs: number;
  label: string;
  /** The title of the dropdown that holds the entries that do not fit in the row. */
  moreLabel: string;
  fullRow: boolean;
}

/** The dropdown list renders 100 ms after opening. */
const LIST_RENDER_DELAY_MS = 100;

function Dropdown({ item }: { item: MenuItem }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), LIST_RENDER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="menu-dropdown" id={`${item.id}-panel`}>
      {ready && (
        <ul>
          {item.href && <li><a href={item.href}>{item.title}</a></li>}
          {item.children.map((child) => (
            <li key={child.id}>
              <a href={child.href ?? item.href ?? '#'}>{child.title}</a>
              {child.children.length > 0 && (
                <ul>{child.children.map((g) => <li key={g.id}><a href={g.href ?? '#'}>{g.title}</a></li>)}</ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function TopItem({ item, open }: { item: MenuItem; open: boolean }) {
  if (item.children.length === 0) {
    return <li className="menu-item"><a className="menu-top" href={item.href ?? '/'}>{item.title}</a></li>;
  }
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') closeDropdown();
  };
  return (
    <li className="menu-item" onMouseEnter={() => hoverItem(item.id)} onKeyDown={onKeyDown}>
      <button type="button" className="menu-top" aria-expanded={open} aria-controls={`${item.id}-panel`}
        onClick={() => toggleDropdown(item.id)}>
        {item.title} <Icon name="chevronDown" size={16} />
      </button>
      {open && <Dropdown item={item} />}
    </li>
  );
}

const MORE_ID = 'menu-more';

/** Measures the row once with every entry and More, then keeps as many entries as fit the width. */
function useFittingCount(count: number) {
  const rowRef = useRef<HTMLUListElement>(null);
  const widths = useRef<{ entries: number[]; more: number } | null>(null);
  const [fit, setFit] = useState<number | null>(null);
  useLayoutEffect(() => {
    const row = rowRef.current;
    if (!row) return;
    if (!widths.current) {
      const gap = parseFloat(getComputedStyle(row).columnGap) || 0;
      const lis = [...row.children].map((li) => (li as HTMLElement).offsetWidth + gap);
      widths.current = { entries: lis.slice(0, count), more: lis[count] ?? 0 };
    }
    const measured = widths.current;
    const update = () => setFit(fittingCount(measured.entries, measured.more, row.clientWidth));
    update();
    const observer = new ResizeObserver(update);
    observer.observe(row);
    return () => observer.disconnect();
  }, [count]);
  return { rowRef, fit };
}

export function DesktopMenu({ items, leaveTimeoutMs, label, moreLabel, fullRow }: DesktopMenuProps) {
  const openId = useStore($openDropdown);
  // A container entry is a grouping, not a link: its children form the menu row.
  const row = fullRow && items[0]?.kind === 'container' ? [...items[0].children, ...items.slice(1)] : items;
  const { rowRef, fit } = useFittingCount(row.length);
  const shown = fit === null ? row : row.slice(0, fit);
  const hidden = fit === null ? [] : row.slice(fit);
  const more: MenuItem = {
    id: MORE_ID, kind: 'container', title: moreLabel, href: undefined, visibility: 'all', group: undefined, sidebar: false,
    children: hidden,
  };
  return (
    <nav className={`desktop-menu${fullRow ? ' full-row' : ''}`} aria-label={label}
      onMouseLeave={() => leaveMenu(leaveTimeoutMs)}>
      <ul ref={rowRef} className={`menu-row${fit === null ? ' is-measuring' : ''}`}>
        {shown.map((item) => <TopItem key={item.id} item={item} open={openId === item.id} />)}
        {(fit === null || hidden.length > 0) && <TopItem item={more} open={openId === MORE_ID} />}
      </ul>
    </nav>
  );
}
