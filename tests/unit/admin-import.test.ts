// The Import page's words and its island as the server renders it. Kept in .ts with createElement:
// vitest.config.ts collects *.test.ts only.
import { describe, expect, test } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { importMessages, importStrings } from '#lib/admin/import-messages.ts';
import { importCounts, type ImportDetail } from '#lib/import/run-summary.ts';
import { ImportManager } from '#islands/admin/ImportManager.tsx';
import { fileSize, outcomeNotes, summarySentence } from '#islands/admin/import/words.ts';

const en = importStrings('en');
const de = importStrings('de');

const run = (extra: Partial<ImportDetail> = {}): ImportDetail => ({
  id: '7d4f3c1e-0000-4000-8000-000000000001',
  status: 'done',
  fileName: 'stock.csv',
  check: false,
  strict: false,
  actor: 'staff:admin@example.com',
  counts: { read: 3, created: 0, updated: 2, unchanged: 0, deleted: 0, refused: 1 },
  error: null,
  startedAt: '2025-11-20T09:30:00.000Z',
  finishedAt: '2025-11-20T09:30:02.000Z',
  report: [{ file: 'stock.csv', line: 4, id: 'NO-SUCH-SKU', reason: 'There is no product with this sku.' }],
  ...extra,
});

describe('importMessages', () => {
  test('has the same keys and placeholders in German and English, and no empty text', () => {
    expect(Object.keys(importMessages.en).sort()).toEqual(Object.keys(importMessages.de).sort());
    const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
    for (const [key, text] of Object.entries(importMessages.de)) {
      const english = importMessages.en[key as keyof typeof importMessages.en];
      expect(english.trim(), key).not.toBe('');
      expect(placeholders(english), key).toEqual(placeholders(text));
    }
  });
});

describe('summarySentence', () => {
  test('names each outcome some record had, in the locale’s numbers', () => {
    const counts = { read: 1234, created: 1200, updated: 30, unchanged: 0, deleted: 0, refused: 4 };
    expect(summarySentence(counts, en, 'en')).toBe('1,234 records read: 1,200 created, 30 updated, 4 refused.');
    expect(summarySentence(counts, de, 'de')).toBe(
      '1.234 Datensätze gelesen: 1.200 neu angelegt, 30 geändert, 4 abgelehnt.',
    );
  });

  test('says one record in the singular, and nothing more when nothing happened', () => {
    expect(summarySentence({ ...importCounts({}), read: 1, unchanged: 1 }, en, 'en')).toBe(
      '1 record read: 1 unchanged.',
    );
    expect(summarySentence(importCounts({}), en, 'en')).toBe('0 records read.');
  });
});

describe('outcomeNotes', () => {
  test('says that a check, and an all-or-nothing run that refused, changed nothing', () => {
    expect(outcomeNotes(run({ check: true }), en)).toEqual([en['import.report.checkOnly']]);
    expect(outcomeNotes(run({ strict: true }), en)).toEqual([en['import.report.rolledBack']]);
    expect(outcomeNotes(run(), en)).toEqual([]);
  });

  test('says that a failed run stopped, and whether what it applied stays', () => {
    expect(outcomeNotes(run({ status: 'failed' }), en)).toEqual([
      en['import.report.failed'],
      en['import.report.failedKept'],
    ]);
    expect(outcomeNotes(run({ status: 'failed', strict: true }), en)).toEqual([
      en['import.report.failed'],
      en['import.report.rolledBack'],
    ]);
  });
});

describe('importCounts', () => {
  test('fills in the counts a run has not saved yet', () => {
    expect(importCounts({ read: 5, refused: 'x' })).toEqual({
      read: 5,
      created: 0,
      updated: 0,
      unchanged: 0,
      deleted: 0,
      refused: 0,
    });
  });
});

test('fileSize', () => {
  expect(fileSize(812, 'en')).toBe('812 bytes');
  expect(fileSize(812, 'de')).toBe('812 Byte');
  expect(fileSize(3.5 * 1024 * 1024, 'de')).toBe('3,5 MB');
});

describe('ImportManager', () => {
  const render = (props: Partial<Parameters<typeof ImportManager>[0]> = {}) =>
    renderToStaticMarkup(
      createElement(ImportManager, { imports: [], current: null, strings: en, locale: 'en', ...props }),
    );

  test('offers the file with its formats, the three options and the start button', () => {
    const html = render();
    expect(html).toContain('accept=".xml,.csv,.txt,.jsonl,.ndjson,.zip"');
    expect(html).toMatch(/<label for="[^"]+-file">Catalogue file<\/label>/);
    expect(html).toContain('Check only (change nothing)');
    expect(html).toContain('All or nothing');
    expect(html).toMatch(
      /<input id="([^"]+)-invite" type="checkbox"[^>]*\/><label for="\1-invite">Invite new customers<\/label>/,
    );
    expect(html).toContain('>Start import</button>');
    expect(html).toContain('No imports yet.');
    expect(html).toContain('<p role="status" class="visually-hidden"></p>');
  });

  test('shows an opened run’s report: the sentence, the refused line, the CSV, and the run in the list', () => {
    const current = run();
    const { report: _, ...summary } = current;
    const html = render({ current, imports: [summary] });
    expect(html).toContain('3 records read: 2 updated, 1 refused.');
    expect(html).toMatch(
      /<td class="import-file">stock\.csv<\/td><th scope="row">4<\/th><td><code>NO-SUCH-SKU<\/code><\/td>/,
    );
    expect(html).toContain(`href="/api/admin/imports/${current.id}/report.csv" download=""`);
    expect(html).toContain('Started 20 Nov 2025, 09:30 by admin@example.com');
    expect(html).toContain(`href="/admin/import?id=${current.id}#import-run"`);
    expect(html).toContain('aria-label="Open the report on stock.csv of 20 Nov 2025, 09:30"');
    expect(html).not.toContain(en['import.report.checkOnly']);
  });

  test('says clearly that a check changed nothing', () => {
    const html = render({ current: run({ check: true }) });
    expect(html).toContain('<p class="import-note">Check only: nothing was changed in the shop.</p>');
  });

  test('shows a running run’s counts so far', () => {
    const html = render({
      current: run({ status: 'running', counts: { ...importCounts({}), read: 500 }, report: [] }),
    });
    expect(html).toContain('The import is running …');
    expect(html).toContain('<dt>Read</dt><dd>500</dd>');
    expect(html).not.toContain('Download report');
  });
});
