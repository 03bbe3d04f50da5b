import { describe, expect, test } from 'vitest';
import { categoryTrail, pickBreadcrumbs, productBreadcrumbLink, type Breadcrumb } from '#lib/catalog/breadcrumbs.ts';

const crumb = (text: string, primary: boolean): Breadcrumb => ({ text, link: text.toLowerCase(), primary });

describe('pickBreadcrumbs', () => {
  test('keeps only primary breadcrumbs when primary and non-primary exist', () => {
    const crumbs = [crumb('Garden', false), crumb('Tools', true), crumb('Sale', false), crumb('Drills', true)];
    expect(pickBreadcrumbs(crumbs).map((c) => c.text)).toEqual(['Tools', 'Drills']);
  });

  test('keeps all breadcrumbs when none is primary', () => {
    const crumbs = [crumb('Garden', false), crumb('Sale', false)];
    expect(pickBreadcrumbs(crumbs)).toEqual(crumbs);
  });

  test('keeps all breadcrumbs when all are primary', () => {
    const crumbs = [crumb('Tools', true), crumb('Drills', true)];
    expect(pickBreadcrumbs(crumbs)).toEqual(crumbs);
  });

  test('returns a new array and handles an empty list', () => {
    const crumbs = [crumb('Garden', false)];
    expect(pickBreadcrumbs(crumbs)).not.toBe(crumbs);
    expect(pickBreadcrumbs([])).toEqual([]);
  });
});

describe('categoryTrail', () => {
  test('starts with Home at /', () => {
    expect(
      categoryTrail('Home', '/', [
        { text: 'Tools', link: '/c/tools' },
        { text: 'Drills', link: '/c/tools/drills' },
      ]),
    ).toEqual([
      { text: 'Home', link: '/' },
      { text: 'Tools', link: '/c/tools' },
      { text: 'Drills', link: '/c/tools/drills' },
    ]);
  });

  test('is just Home for an empty trail', () => {
    expect(categoryTrail('Startseite', '/', [])).toEqual([{ text: 'Startseite', link: '/' }]);
  });

  test('uses the locale home link when given', () => {
    expect(categoryTrail('Home', '/en', [{ text: 'Tools', link: '/en/c/tools' }])[0]).toEqual({
      text: 'Home',
      link: '/en',
    });
  });

  test('does not repeat Home when the trail already starts there', () => {
    expect(
      categoryTrail('Home', '/', [
        { text: 'Root', link: '/' },
        { text: 'Tools', link: '/c/tools' },
      ]),
    ).toEqual([
      { text: 'Home', link: '/' },
      { text: 'Tools', link: '/c/tools' },
    ]);
  });
});

describe('productBreadcrumbLink', () => {
  test('links to /c/{link}', () => {
    expect(productBreadcrumbLink('tools/drills')).toBe('/c/tools/drills');
  });

  test('does not double the slash when the link starts with one', () => {
    expect(productBreadcrumbLink('/tools')).toBe('/c/tools');
  });
});
