// Attribute definitions and option labels, read once per process and kept: they change rarely and
// every product view needs them.
import { attributeOptions, attributes, type LocalizedText } from '../db/schema.ts';
import { getDb } from '../db/index.ts';
import { publishedMemo } from '../publish/index.ts';
import { versionedImage } from '../images/index.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import type { CustomAttribute } from '#lib/catalog/contract.ts';
import { byAttributeOrder } from '#lib/catalog/product.ts';
import { formatQuantity } from '#lib/i18n/format.ts';
import { intlTag } from '#lib/i18n/translate.ts';

export interface AttributeDefinition {
  code: string;
  type: string;
  labels: LocalizedText;
  position: number;
  location: string;
  isFilterable: boolean;
  isHtml: boolean;
  unit: string | null;
  options: Map<string, { labels: LocalizedText; image: string | null; position: number }>;
}

const definitions = publishedMemo<Map<string, AttributeDefinition>>();

/** Every attribute the catalogue defines, by code, with its options. */
export function attributeDefinitions(): Promise<Map<string, AttributeDefinition>> {
  return definitions('all', async () => {
    const db = await getDb();
    const [defs, options] = await Promise.all([db.select().from(attributes), db.select().from(attributeOptions)]);
    const map = new Map<string, AttributeDefinition>();
    for (const def of defs) map.set(def.code, { ...def, options: new Map() });
    for (const option of options) map.get(option.attributeCode)?.options.set(option.value, option);
    return map;
  });
}

const localized = (text: LocalizedText, locale: Locale, fallback: string): string =>
  text[locale] ?? text.de ?? Object.values(text)[0] ?? fallback;

/** Turns raw (code, value) rows into the API's custom_attributes, labelled in one locale. */
export async function describeAttributes(
  rows: { attributeCode: string; value: string }[],
  locale: Locale,
): Promise<CustomAttribute[]> {
  const defs = await attributeDefinitions();
  return rows
    .flatMap((row) => {
      const def = defs.get(row.attributeCode);
      if (!def) return [];
      const option = def.options.get(row.value);
      const valueLabel = option
        ? localized(option.labels, locale, row.value)
        : // Measured values read the locale's way (2,47 kg in German); other free values stay as stored.
          def.unit
          ? formatQuantity(intlTag(locale), row.value, def.unit)
          : row.value;
      return [
        {
          attribute_code: def.code,
          label: localized(def.labels, locale, def.code),
          value: row.value,
          valueLabel,
          image: versionedImage(option?.image ?? null),
          position: def.position,
          location: def.location,
          html: def.isHtml,
        },
      ];
    })
    .sort(byAttributeOrder);
}

/** Option labels of one attribute in a locale, in their configured order. */
export async function optionLabels(
  code: string,
  locale: Locale,
): Promise<{ label: string; type: string; options: Map<string, string> } | null> {
  const def = (await attributeDefinitions()).get(code);
  if (!def) return null;
  const sorted = [...def.options.entries()].sort((a, b) => a[1].position - b[1].position);
  return {
    label: localized(def.labels, locale, code),
    type: def.type,
    options: new Map(sorted.map(([value, o]) => [value, localized(o.labels, locale, value)])),
  };
}
