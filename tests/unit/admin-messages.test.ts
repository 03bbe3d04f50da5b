import { describe, expect, test } from 'vitest';
import { contentConfigSchemas, pageConfigSchema } from '#lib/content/schemas.ts';
import { describeSchema, resolveDescriptor, validate, type Descriptor } from '#lib/admin/form-model.ts';
import { adminMessages, fieldLabel, formStrings, issueMessage, optionLabel } from '#lib/admin/messages.ts';

/** Every object key in a descriptor graph; each lazy descriptor is unfolded once. */
function fieldKeys(descriptor: Descriptor, seen = new Set<Descriptor>(), keys = new Set<string>()): Set<string> {
  if (seen.has(descriptor)) return keys;
  seen.add(descriptor);
  const d = resolveDescriptor(descriptor);
  if (d.kind === 'object') {
    for (const f of d.fields) {
      keys.add(f.key);
      fieldKeys(f.descriptor, seen, keys);
    }
  } else if (d.kind === 'array') fieldKeys(d.element, seen, keys);
  else if (d.kind === 'record') fieldKeys(d.value, seen, keys);
  return keys;
}

const schemaKeys = [...Object.values(contentConfigSchemas), pageConfigSchema].reduce(
  (keys, schema) => fieldKeys(describeSchema(schema), new Set(), keys),
  new Set<string>(),
);

describe('adminMessages', () => {
  test('has the same keys in German and English', () => {
    expect(Object.keys(adminMessages.en).sort()).toEqual(Object.keys(adminMessages.de).sort());
  });

  test('has no empty text', () => {
    for (const messages of Object.values(adminMessages)) {
      for (const [key, text] of Object.entries(messages)) expect(text.trim(), key).not.toBe('');
    }
  });

  test('finds the keys of nested and recursive schemas', () => {
    for (const key of [
      'children',
      'hidden',
      'isCategoryBarEnabled',
      'leaveMenuTimeout',
      'cta',
      'label',
      'slug',
      'dueDays',
    ]) {
      expect(schemaKeys.has(key), key).toBe(true);
    }
  });

  test.each([...schemaKeys].sort())('labels the field %s in both languages', (key) => {
    expect(adminMessages.de).toHaveProperty([`field.${key}`]);
    expect(adminMessages.en).toHaveProperty([`field.${key}`]);
  });

  test('writes German with umlauts, not transliterations', () => {
    expect(adminMessages.de['form.add']).toBe('{item} hinzufügen');
    expect(adminMessages.de['field.currencies']).toBe('Währungen');
    expect(Object.values(adminMessages.de).join(' ')).not.toMatch(/fuegen|Waehr|aender/i);
  });
});

describe('fieldLabel', () => {
  test('gives the label, or the key in words when there is none', () => {
    expect(fieldLabel('de', 'backgroundColor')).toBe('Hintergrundfarbe');
    expect(fieldLabel('en', 'someNewField')).toBe('Some new field');
  });
});

describe('optionLabel', () => {
  test('names enum values and languages', () => {
    expect(optionLabel('de', 'visibility', 'mobile')).toBe('Nur mobil');
    expect(optionLabel('en', 'locale', 'fr')).toBe('French');
    expect(optionLabel('de', 'icon', 'truck')).toBe('Lieferung (Lkw)');
    expect(optionLabel('de', 'columns', 'x')).toBe('x');
  });
});

describe('formStrings', () => {
  test('gives every form word in the language', () => {
    expect(formStrings('de')).toMatchObject({
      add: '{item} hinzufügen',
      item: 'Eintrag',
      siteDefault: 'Standard der Website',
    });
    expect(Object.values(formStrings('en')).every((s) => typeof s === 'string' && s !== '')).toBe(true);
  });
});

describe('issueMessage', () => {
  test('rewords what the schemas refuse', () => {
    const hero = contentConfigSchemas['block:home-hero'];
    const result = validate(
      hero,
      { image: '', headline: 'x', cta: { label: 'Go', url: 'c:x' }, extra: 1 },
      issueMessage('de'),
    );
    expect(result).toEqual({ ok: false, issues: { image: 'Pflichtangabe', '': 'Unbekannte Felder: extra' } });
    const bar = validate(contentConfigSchemas['block:notification-bar'], { iconColor: 'red' }, issueMessage('en'));
    expect(bar).toEqual({
      ok: false,
      issues: {
        backgroundColor: 'Required',
        iconColor: 'Invalid format: must be a hex colour such as #0a5cad',
      },
    });
  });

  test('says which links, pictures and head tags the content link rules allow', () => {
    const footer = validate(
      contentConfigSchemas['block:footer'],
      {
        columns: [{ header: 'Hilfe', items: [{ label: 'x', url: 'javascript:alert(1)' }] }],
        social: [{ href: 'data:text/html,x', icon: 'x' }],
      },
      issueMessage('de'),
    );
    expect(footer).toEqual({
      ok: false,
      issues: {
        'columns.0.items.0.url':
          'Eine Seite dieser Website (/…, c:… oder i:…) oder eine https:-, mailto:- oder tel:-Adresse angeben',
        'social.0.href': 'Eine https://-Adresse angeben',
      },
    });
    const branding = validate(
      contentConfigSchemas['setting:branding'],
      {
        logo: '/brand/logo.svg',
        title: 'Shop',
        description: '',
        favicon: 'https://evil.example/f.ico',
        meta: [{ name: 'referrer', content: 'unsafe-url' }],
      },
      issueMessage('en'),
    );
    expect(branding).toEqual({
      ok: false,
      issues: {
        favicon: 'Enter a file of this site (/…) or an https:// address on an image host the operator allows',
        'meta.0.name': expect.stringMatching(/^Not allowed; allowed are: theme-color, .*author/),
      },
    });
  });
});
