// Desktop navigation: hover opens a dropdown, leaving closes it after the configured
// delay, only one dropdown is open at a time. Keyboard: Enter/Space toggle, Escape closes.
import { useStore } from '@nanostores/react';
import { useEffect, useState, type KeyboardEvent } from 'react';
import type { MenuItem } from '#lib/content/menu.ts';
import { $openDropdown, closeDropdown, hoverItem, leaveMenu, toggleDropdown } from '#lib/shell/desktop-menu-store.ts';
import { Icon } from './Icon.tsx';

export interface DesktopMenuProps {
  items: MenuItem[];
  leaveTimeoutMs: number;
  label: string;
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

export function DesktopMenu({ items, leaveTimeoutMs, label, fullRow }: DesktopMenuProps) {
  const openId = useStore($openDropdown);
  // A container entry is a grouping, not a link: its children form the menu row.
  const row = fullRow && items[0]?.kind === 'container' ? [...items[0].children, ...items.slice(1)] : items;
  return (
    <nav className={`desktop-menu${fullRow ? ' full-row' : ''}`} aria-label={label}
      onMouseLeave={() => leaveMenu(leaveTimeoutMs)}>
      <ul className="menu-row">
        {row.map((item) => <TopItem key={item.id} item={item} open={openId === item.id} />)}
      </ul>
    </nav>
  );
}
