import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { $openDropdown, closeDropdown, hoverItem, leaveMenu, toggleDropdown } from '#lib/shell/desktop-menu-store.ts';
import { $mobileMenuOpen, $mobileMenuPath, closeMobileMenu, enterSubmenu, leaveSubmenu } from '#lib/shell/ui-store.ts';

beforeEach(() => {
  vi.useFakeTimers();
  closeDropdown();
  closeMobileMenu();
});

afterEach(() => {
  closeDropdown();
  vi.useRealTimers();
});

describe('hoverItem', () => {
  test('opens the dropdown after 100 ms, not before', () => {
    hoverItem('tools');
    vi.advanceTimersByTime(99);
    expect($openDropdown.get()).toBeNull();
    vi.advanceTimersByTime(1);
    expect($openDropdown.get()).toBe('tools');
  });

  test('does not open an item the pointer only passed over', () => {
    hoverItem('tools');
    vi.advanceTimersByTime(50);
    hoverItem('garden');
    vi.advanceTimersByTime(100);
    expect($openDropdown.get()).toBe('garden');
    vi.advanceTimersByTime(1000);
    expect($openDropdown.get()).toBe('garden');
  });

  test('keeps only one dropdown open when another item is hovered', () => {
    hoverItem('tools');
    vi.advanceTimersByTime(100);
    hoverItem('garden');
    vi.advanceTimersByTime(100);
    expect($openDropdown.get()).toBe('garden');
    vi.advanceTimersByTime(5000);
    expect($openDropdown.get()).toBe('garden');
  });
});

describe('leaveMenu', () => {
  test('closes after the leave timeout, not before', () => {
    hoverItem('tools');
    vi.advanceTimersByTime(100);
    leaveMenu(1000);
    vi.advanceTimersByTime(999);
    expect($openDropdown.get()).toBe('tools');
    vi.advanceTimersByTime(1);
    expect($openDropdown.get()).toBeNull();
  });

  test('uses the configured timeout', () => {
    hoverItem('tools');
    vi.advanceTimersByTime(100);
    leaveMenu(300);
    vi.advanceTimersByTime(299);
    expect($openDropdown.get()).toBe('tools');
    vi.advanceTimersByTime(1);
    expect($openDropdown.get()).toBeNull();
  });

  test('does not close when the pointer comes back before the timeout', () => {
    hoverItem('tools');
    vi.advanceTimersByTime(100);
    leaveMenu(1000);
    vi.advanceTimersByTime(600);
    hoverItem('tools');
    for (let elapsed = 0; elapsed < 3000; elapsed += 50) {
      vi.advanceTimersByTime(50);
      expect($openDropdown.get()).toBe('tools');
    }
  });

  test('cancels a pending open when the pointer leaves quickly', () => {
    hoverItem('tools');
    vi.advanceTimersByTime(50);
    leaveMenu(1000);
    vi.advanceTimersByTime(5000);
    expect($openDropdown.get()).toBeNull();
  });
});

describe('toggleDropdown', () => {
  test('opens and closes at once', () => {
    toggleDropdown('tools');
    expect($openDropdown.get()).toBe('tools');
    toggleDropdown('tools');
    expect($openDropdown.get()).toBeNull();
  });

  test('switches to another dropdown, keeping one open', () => {
    toggleDropdown('tools');
    toggleDropdown('garden');
    expect($openDropdown.get()).toBe('garden');
  });

  test('is not undone by an earlier pending leave', () => {
    hoverItem('tools');
    vi.advanceTimersByTime(100);
    leaveMenu(1000);
    toggleDropdown('garden');
    vi.advanceTimersByTime(5000);
    expect($openDropdown.get()).toBe('garden');
  });
});

describe('closeMobileMenu', () => {
  test('closes the menu and clears the active menu path', () => {
    $mobileMenuOpen.set(true);
    enterSubmenu('m-0');
    enterSubmenu('m-0-2');
    closeMobileMenu();
    expect($mobileMenuOpen.get()).toBe(false);
    expect($mobileMenuPath.get()).toEqual([]);
  });

  test('starts at the top level when opened again', () => {
    $mobileMenuOpen.set(true);
    enterSubmenu('m-0');
    closeMobileMenu();
    $mobileMenuOpen.set(true);
    expect($mobileMenuOpen.get()).toBe(true);
    expect($mobileMenuPath.get()).toEqual([]);
  });
});

describe('enterSubmenu', () => {
  test('goes one level deeper each time', () => {
    enterSubmenu('m-0');
    expect($mobileMenuPath.get()).toEqual(['m-0']);
    enterSubmenu('m-0-2');
    expect($mobileMenuPath.get()).toEqual(['m-0', 'm-0-2']);
  });
});

describe('leaveSubmenu', () => {
  test('steps up one level', () => {
    enterSubmenu('m-0');
    enterSubmenu('m-0-2');
    leaveSubmenu();
    expect($mobileMenuPath.get()).toEqual(['m-0']);
    leaveSubmenu();
    expect($mobileMenuPath.get()).toEqual([]);
  });

  test('stays at the top level', () => {
    leaveSubmenu();
    expect($mobileMenuPath.get()).toEqual([]);
  });
});
