// Open/closed toggles shared by islands.
import { atom } from 'nanostores';

export const $cartSidebarOpen = atom(false);
export const $wishlistSidebarOpen = atom(false);
export const $loginModalOpen = atom(false);
export const $filterSidebarOpen = atom(false);
export const $mobileMenuOpen = atom(false);
/** The mobile menu's current submenu path (ids from the root). */
export const $mobileMenuPath = atom<string[]>([]);

/** Closing the mobile menu clears the active menu item. */
export function closeMobileMenu(): void {
  $mobileMenuOpen.set(false);
  $mobileMenuPath.set([]);
}

export function enterSubmenu(id: string): void {
  $mobileMenuPath.set([...$mobileMenuPath.get(), id]);
}

/** The Back/Menu bar steps up one submenu level. */
export function leaveSubmenu(): void {
  $mobileMenuPath.set($mobileMenuPath.get().slice(0, -1));
}
