import { describe, expect, test } from 'vitest';
import { z } from 'astro/zod';
import { contentConfigSchemas, pageConfigSchema } from '#lib/content/schemas.ts';
import {
  describeSchema,
  emptyValue,
  getAt,
  humanizeKey,
  insertAt,
  issuesByPath,
  itemSummary,
  moveItem,
  removeAt,
  resolveDescriptor,
  setAt,
  validate,
  type Descriptor,
} from '#lib/admin/form-model.ts';

type Kind<K extends Descriptor['kind']> = Extract<Descriptor, { kind: K }>;

function as<K extends Descriptor['kind']>(descriptor: Descriptor | undefined, kind: K): Kind<K> {
  const d = descriptor && resolveDescriptor(descriptor);
  expect(d?.kind).toBe(kind);
  return d as Kind<K>;
}

const field = (object: Kind<'object'>, key: string) => {
  const found = object.fields.find((f) => f.key === key);
  expect(found, key).toBeDefined();
  return found!;
};

const menuEntrySchema = contentConfigSchemas['block:menu'].shape.entries.element;
const menuEntry = () =>
  as(
    as(as(describeSchema(contentConfigSchemas['block:menu']), 'object').fields[0]?.descriptor, 'array').element,
    'object',
  );

describe('describeSchema', () => {
  test.each(Object.entries({ ...contentConfigSchemas, page: pageConfigSchema }))(
    'describes %s as an object',
    (_name, schema) => {
      const d = as(describeSchema(schema), 'object');
      expect(d.fields.every((f) => f.descriptor.kind !== 'unknown')).toBe(true);
    },
  );

  test('gives menu entries as an array of objects whose children recurse lazily', () => {
    const root = as(describeSchema(contentConfigSchemas['block:menu']), 'object');
    const entries = field(root, 'entries');
    expect(entries.descriptor.kind).toBe('array');
    const list = as(entries.descriptor, 'array');
    expect(list.element.kind).toBe('lazy');
    const entry = as(list.element, 'object');
    expect(entry.fields.map((f) => f.key)).toEqual(
      expect.arrayContaining(['kind', 'titles', 'url', 'visibility', 'children']),
    );
    const children = field(entry, 'children');
    expect(children.optional).toBe(true);
    // The recursion is one lazy descriptor met again, not an endless tree.
    expect(as(children.descriptor, 'array').element).toBe(list.element);
    expect(as(field(entry, 'kind').descriptor, 'enum').options).toEqual(['link', 'container', 'dropdown']);
    expect(field(entry, 'visibility')).toMatchObject({ optional: true, defaultValue: 'all' });
    expect(as(field(entry, 'titles').descriptor, 'array').min).toBe(1);
  });

  test('reads string, number and record details', () => {
    const bar = as(describeSchema(contentConfigSchemas['block:notification-bar']), 'object');
    const colour = as(field(bar, 'backgroundColor').descriptor, 'string');
    expect(colour.hexColour).toBe(true);
    expect(colour.patterns[0]?.message).toBe('must be a hex colour such as #0a5cad');

    const footer = as(describeSchema(contentConfigSchemas['block:footer']), 'object');
    const social = as(as(field(footer, 'social').descriptor, 'array').element, 'object');
    expect(as(field(social, 'href').descriptor, 'string')).toMatchObject({ format: 'url', hexColour: false });

    const branding = as(describeSchema(contentConfigSchemas['setting:branding']), 'object');
    const flags = field(branding, 'flags');
    expect(flags.defaultValue).toEqual({});
    const flagObject = as(flags.descriptor, 'object');
    expect(flagObject.partial).toBe(true);
    expect(flagObject.fields).toHaveLength(27);
    expect(as(field(flagObject, 'leaveMenuTimeout').descriptor, 'number')).toEqual({
      kind: 'number',
      int: true,
      min: 0,
      max: 10_000,
    });
    expect(as(field(branding, 'descriptions').descriptor, 'record')).toMatchObject({
      key: { kind: 'enum', options: ['de', 'en', 'fr', 'es', 'it'] },
      value: { kind: 'string' },
      partial: true,
    });
    expect(branding.partial).toBe(false);

    const locale = as(describeSchema(contentConfigSchemas['setting:locale']), 'object');
    const messages = as(field(locale, 'messages').descriptor, 'record');
    expect(as(messages.value, 'record').key).toEqual({ kind: 'string' });

    const page = as(describeSchema(pageConfigSchema), 'object');
    expect(as(field(page, 'slug').descriptor, 'string')).toMatchObject({
      max: 120,
      patterns: [{ message: expect.stringContaining('lower-case') }],
    });
  });

  test('unwraps pipes to the input side', () => {
    const d = as(
      describeSchema(
        z.object({
          n: z
            .string()
            .min(2)
            .pipe(z.transform((s: string) => s.length)),
        }),
      ),
      'object',
    );
    expect(as(field(d, 'n').descriptor, 'string').min).toBe(2);
  });
});

describe('emptyValue', () => {
  test('makes a menu entry that validates once its title is filled', () => {
    const entry = emptyValue(menuEntry());
    expect(entry).toEqual({ kind: 'link', titles: [{ locale: 'de', title: '' }], visibility: 'all' });
    expect(menuEntrySchema.safeParse(entry).success).toBe(false);
    expect(menuEntrySchema.safeParse(setAt(entry, ['titles', 0, 'title'], 'Produkte')).success).toBe(true);
  });

  test('gives a fresh default each time', () => {
    const branding = describeSchema(contentConfigSchemas['setting:branding']);
    const a = emptyValue(branding) as { meta: unknown[] };
    const b = emptyValue(branding) as { meta: unknown[] };
    expect(a.meta).toEqual([]);
    expect(a.meta).not.toBe(b.meta);
  });
});

describe('itemSummary', () => {
  test('names a menu entry by its first title, not by its kind', () => {
    expect(
      itemSummary(menuEntry(), { kind: 'link', titles: [{ locale: 'de', title: ' Produkte ' }], visibility: 'all' }),
    ).toBe('Produkte');
    expect(itemSummary(menuEntry(), emptyValue(menuEntry()))).toBe('');
  });
});

describe('setAt', () => {
  const value = { entries: [{ titles: [{ title: 'a' }, { title: 'b' }] }], other: { x: 1 } };

  test('changes a copy and leaves the original and untouched branches alone', () => {
    const frozen = structuredClone(value);
    const next = setAt(value, ['entries', 0, 'titles', 1, 'title'], 'B') as typeof value;
    expect(value).toEqual(frozen);
    expect(getAt(next, ['entries', 0, 'titles', 1, 'title'])).toBe('B');
    expect(next.other).toBe(value.other);
    expect(next.entries[0]?.titles[0]).toBe(value.entries[0]?.titles[0]);
  });

  test('removes an object key for undefined and creates missing containers', () => {
    expect(setAt({ a: 1, b: 2 }, ['a'], undefined)).toEqual({ b: 2 });
    expect(setAt({}, ['list', 0, 'name'], 'x')).toEqual({ list: [{ name: 'x' }] });
  });
});

describe('moveItem, removeAt, insertAt', () => {
  test('return new arrays and keep the input', () => {
    const items = Object.freeze(['a', 'b', 'c']);
    expect(moveItem(items, 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(items, 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(items, 0, 5)).toEqual(['a', 'b', 'c']);
    expect(removeAt(items, 1)).toEqual(['a', 'c']);
    expect(insertAt(items, 1, 'x')).toEqual(['a', 'x', 'b', 'c']);
    expect(items).toEqual(['a', 'b', 'c']);
  });
});

describe('issuesByPath', () => {
  test('keys the first message of each nested path by its dotted form', () => {
    expect(
      issuesByPath([
        { path: ['entries', 0, 'titles', 1, 'title'], message: 'Required' },
        { path: ['entries', 0, 'titles', 1, 'title'], message: 'Second' },
        { path: [], message: 'Unknown key' },
      ]),
    ).toEqual({ 'entries.0.titles.1.title': 'Required', '': 'Unknown key' });
  });
});

describe('validate', () => {
  const bar = contentConfigSchemas['block:notification-bar'];

  test('refuses a bad hex colour with a message at its field', () => {
    const result = validate(bar, { backgroundColor: 'red', iconColor: '#fff' });
    expect(result).toEqual({ ok: false, issues: { backgroundColor: 'must be a hex colour such as #0a5cad' } });
  });

  test('hands back the parsed value with defaults filled in', () => {
    expect(validate(contentConfigSchemas['block:home-offers'], { title: 'Angebote' })).toEqual({
      ok: true,
      value: { title: 'Angebote', skus: [], limit: 8 },
    });
  });

  test('rewords issues with the given function', () => {
    const result = validate(bar, { iconColor: '#fff' }, (issue) => `${issue.code}:${issue.input === undefined}`);
    expect(result).toEqual({ ok: false, issues: { backgroundColor: 'invalid_type:true' } });
  });
});

describe('humanizeKey', () => {
  test('turns a camel-case key into words', () => {
    expect(humanizeKey('isCategoryBarEnabled')).toBe('Category bar enabled');
    expect(humanizeKey('backgroundColor')).toBe('Background color');
    expect(humanizeKey('url')).toBe('Url');
  });
});
