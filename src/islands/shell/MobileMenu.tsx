// Slide-in mobile menu: nested levels, groups, an 'All' entry for a parent link,
// and a Back/Menu bar that steps up one level. Opened from the bottom navigation.
import { useStore } from '@nanostores/react';
import { findPath, groupItems, type MenuItem } from '#lib/content/menu.ts';
import { fill } from '#lib/i18n/format.ts';
import { $mobileMenuOpen, $mobileMenuPath, closeMobileMenu, enterSubmenu, leaveSubmenu } from '#lib/shell/ui-store.ts';
import { useDialog } from '../shared/useDialog.ts';
import { Icon } from './Icon.tsx';

export interface MobileMenuProps {
  items: MenuItem[];
  strings: { menu: string; back: string; allOf: string; close: string };
}

function Entry({ item }: { item: MenuItem }) {
  if (item.children.length === 0) {
    return <li><a className="mobile-entry" href={item.href ?? '/'}>{item.title}</a></li>;
  }
  return (
    <li>
      <button type="button" className={`mobile-entry${item.sidebar ? ' opens-sidebar' : ''}`}
        onClick={() => enterSubmenu(item.id)}>
        <span>{item.title}</span> <Icon name="chevronRight" size={20} />
      </button>
    </li>
  );
}

export function MobileMenu({ items, strings }: MobileMenuProps) {
  const open = useStore($mobileMenuOpen);
  const path = useStore($mobileMenuPath);
  const ref = useDialog<HTMLDivElement>(open, closeMobileMenu);
  if (!open) return null;

  const trail = findPath(items, path);
  const current = trail.at(-1);
  const level = current ? current.children : items;
  return (
    <div className="drawer-backdrop" onClick={closeMobileMenu}>
      <div ref={ref} className={`drawer drawer-left mobile-menu${current?.sidebar ? ' as-sidebar' : ''}`}
        role="dialog" aria-modal="true" aria-label={strings.menu} tabIndex={-1}
        onClick={(e) => e.stopPropagation()}>
        <div className="mobile-menu-bar">
          {current ? (
            <button type="button" className="text-button" onClick={leaveSubmenu}>
              <Icon name="chevronLeft" size={20} /> {strings.back}
            </button>
          ) : <span className="mobile-menu-title">{strings.menu}</span>}
          <button type="button" className="icon-button" aria-label={strings.close} onClick={closeMobileMenu}>
            <Icon name="close" />
          </button>
        </div>
        {current && <p className="mobile-menu-heading">{current.title}</p>}
        <ul className="mobile-level">
          {current?.href && (
            <li><a className="mobile-entry all-entry" href={current.href}>{fill(strings.allOf, { title: current.title })}</a></li>
          )}
          {groupItems(level).map(({ group, items: groupItemsList }, i) => (
            <li key={`${group ?? 'g'}-${i}`} className="mobile-group">
              {group && <p className="mobile-group-title">{group}</p>}
              <ul>{groupItemsList.map((item: MenuItem) => <Entry key={item.id} item={item} />)}</ul>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
