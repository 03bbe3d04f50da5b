// My Items' state lives in the URL: one view has one address, with the page size among it.
import { describe, expect, test } from 'vitest';
import { MY_ITEMS_PAGE_SIZES, myItemsSearch, parseMyItemsState } from '#lib/account/my-items.ts';

const parse = (query: string) => parseMyItemsState(new URLSearchParams(query), 'grid');

describe('My Items state', () => {
  test('a page size from the offered ones, else the price-list default of 12', () => {
    expect(MY_ITEMS_PAGE_SIZES[0]).toBe(12);
    expect(parse('size=24').size).toBe(24);
    expect(parse('size=96').size).toBe(96);
    for (const junk of ['size=25', 'size=0', 'size=-12', 'size=1e3', 'size=', ''])
      expect(parse(junk).size, junk).toBe(12);
  });

  test('the canonical query names the size only when it is not the default, and keeps it with the page', () => {
    expect(myItemsSearch(parse('size=12&page=2'), 'grid')).toBe('page=2');
    expect(myItemsSearch(parse('q=bohr&size=48&page=3'), 'grid')).toBe('q=bohr&size=48&page=3');
  });
});
