// Desktop menu: opens on hover, closes after a leave delay; only one dropdown is open at a time.
import { atom } from 'nanostores';

export const $openDropdown = atom<string | null>(null);
/** The delayed open or close that is waiting; any newer intent replaces it. */
const $dropdownTimer = atom<ReturnType<typeof setTimeout> | undefined>(undefined);

function later(change: () => void, delayMs: number): void {
  clearTimeout($dropdownTimer.get());
  $dropdownTimer.set(setTimeout(change, delayMs));
}

function now(change: () => void): void {
  clearTimeout($dropdownTimer.get());
  $dropdownTimer.set(undefined);
  change();
}

/** Item activation is delayed 100 ms so a pointer passing over does not flash menus. */
const ACTIVATION_DELAY_MS = 100;

export function hoverItem(id: string): void {
  later(() => $openDropdown.set(id), ACTIVATION_DELAY_MS);
}

export function leaveMenu(timeoutMs: number): void {
  later(() => $openDropdown.set(null), timeoutMs);
}

/** Keyboard and click: toggles at once, without delays. */
export function toggleDropdown(id: string): void {
  now(() => $openDropdown.set($openDropdown.get() === id ? null : id));
}

export function closeDropdown(): void {
  now(() => $openDropdown.set(null));
}
