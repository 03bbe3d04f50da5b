// Desktop menu: opens on hover, closes after a leave delay; only one dropdown is open at a time.
import { atom } from 'nanostores';

export const $openDropdown = atom<string | null>(null);

let closeTimer: ReturnType<typeof setTimeout> | undefined;
let openTimer: ReturnType<typeof setTimeout> | undefined;

/** Spec section 9: item activation is delayed 100 ms so a pointer passing over does not flash menus. */
export const ACTIVATION_DELAY_MS = 100;

export function hoverItem(id: string): void {
  clearTimeout(closeTimer);
  clearTimeout(openTimer);
  openTimer = setTimeout(() => $openDropdown.set(id), ACTIVATION_DELAY_MS);
}

export function leaveMenu(timeoutMs: number): void {
  clearTimeout(openTimer);
  clearTimeout(closeTimer);
  closeTimer = setTimeout(() => $openDropdown.set(null), timeoutMs);
}

/** Keyboard and click: toggles at once, without delays. */
export function toggleDropdown(id: string): void {
  clearTimeout(openTimer);
  clearTimeout(closeTimer);
  $openDropdown.set($openDropdown.get() === id ? null : id);
}

export function closeDropdown(): void {
  clearTimeout(openTimer);
  clearTimeout(closeTimer);
  $openDropdown.set(null);
}
