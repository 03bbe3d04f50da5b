// Product page rules: images, breadcrumb trail, attribute groups, variant
// labels, wanted quantity and structured data. Pure: the page loader and the islands apply them.
import { pickBreadcrumbs, type Breadcrumb } from './breadcrumbs.ts';
import type { CustomAttribute } from './contract.ts';
import type { Locale } from '../i18n/locales.ts';
import { localePath, productPath } from '../site/paths.ts';
import { clipAtWord, DESCRIPTION_MAX } from '../site/seo.ts';

/** Cover first, then the gallery; the gallery usually repeats the cover, which must not show twice. */
export function galleryImages(cover: string | null | undefined, galery: readonly string[]): string[] {
  return [...new Set([cover, ...galery].filter((src): src is string => typeof src === 'string' && src !== ''))];
}

/**
 * A product sits in several categories, one trail each. The primary trail is the one the shop owner
 * chose; without one, the first trail is as good as any and keeps the page stable between builds.
 */
export function primaryTrail<T extends Breadcrumb>(trails: readonly (readonly T[])[]): T[] {
  // pickBreadcrumbs holds the "primary wins" rule; each trail takes part as one crumb flagged by its own entries.
  const candidates = trails
    .filter((trail) => trail.length > 0)
    .map((trail) => ({ text: '', link: '', primary: trail.some((c) => c.primary), trail }));
  return [...(pickBreadcrumbs(candidates)[0]?.trail ?? [])];
}

export interface AttributeGroup {
  code: string;
  label: string;
  html: boolean;
  values: { value: string; label: string; image: string | null }[];
}

/** Multiselect attributes arrive as one row per value; a shopper reads them as one property with several values. */
function groupAttributes(attributes: readonly CustomAttribute[]): AttributeGroup[] {
  const groups = new Map<string, AttributeGroup>();
  for (const a of attributes) {
    const group = groups.get(a.attribute_code) ?? { code: a.attribute_code, label: a.label, html: a.html, values: [] };
    if (!group.values.some((v) => v.value === a.value))
      group.values.push({ value: a.value, label: a.valueLabel, image: a.image });
    groups.set(a.attribute_code, group);
  }
  return [...groups.values()];
}

/** Header attributes in the order of the attributes setting's `header` codes. */
export function headerAttributes(attributes: readonly CustomAttribute[], codes: readonly string[]): AttributeGroup[] {
  const groups = groupAttributes(attributes.filter((a) => !a.html));
  return codes.flatMap((code) => groups.filter((g) => g.code === code));
}

/** The properties list: everything not already shown in the header, in attribute position order. */
export function propertyAttributes(
  attributes: readonly CustomAttribute[],
  headerCodes: readonly string[],
): AttributeGroup[] {
  return groupAttributes(attributes.filter((a) => a.location !== 'header' && !headerCodes.includes(a.attribute_code)));
}

export interface VariantLike {
  name: string;
  attributes: readonly Pick<CustomAttribute, 'attribute_code' | 'value' | 'valueLabel'>[];
}

/** The codes of the attributes whose values differ between the variants of one product, in first-seen order. */
export function distinguishingCodes(variants: readonly VariantLike[]): string[] {
  const codes = [...new Set(variants.flatMap((v) => v.attributes.map((a) => a.attribute_code)))];
  const valueOf = (v: VariantLike, code: string) =>
    v.attributes
      .filter((a) => a.attribute_code === code)
      .map((a) => a.value)
      .sort()
      .join('|');
  return codes.filter((code) => new Set(variants.map((v) => valueOf(v, code))).size > 1);
}

/**
 * What tells the variants of one product apart (size 8, 9, 10 ...): the values of the attributes that
 * differ between them. Falls back to the name when the attributes do not tell them apart.
 */
export function variantLabels(variants: readonly VariantLike[]): string[] {
  const distinguishing = distinguishingCodes(variants);
  return variants.map((v) => {
    const parts = distinguishing.flatMap((code) =>
      v.attributes.filter((a) => a.attribute_code === code).map((a) => a.valueLabel),
    );
    return parts.length > 0 ? parts.join(' / ') : v.name;
  });
}

/** The attribute whose value names the product's brand in structured data. */
export const BRAND_ATTRIBUTE = 'brand';

/** @internal Meta descriptions are cut by search engines at about this length; cutting at a word reads better. */
export function shortDescription(text: string, max = DESCRIPTION_MAX): string {
  return clipAtWord(text, max);
}

export interface ProductLdInput {
  name: string;
  sku: string;
  itemnum: string;
  url: string;
  /** Absolute image URLs. */
  images: string[];
  description: string;
  brand?: string | undefined;
  /** GTIN (EAN) of 8, 12, 13 or 14 digits. */
  gtin?: string | null | undefined;
  /** The manufacturer's part number; the shop's item number stands in without one. */
  mpn?: string | null | undefined;
}

/** schema.org names a GTIN by its length (gtin8, gtin12, gtin13, gtin14); any other value says nothing. */
function gtinProperty(gtin: string | null | undefined): Record<string, string> {
  const digits = gtin?.trim() ?? '';
  return /^(\d{8}|\d{12,14})$/.test(digits) ? { [`gtin${digits.length}`]: digits } : {};
}

/**
 * schema.org Product without an Offer: prices are live, per customer and may be hidden from guests,
 * so the static page must not carry one (a stale or leaked price would be worse than none).
 */
export function productJsonLd(p: ProductLdInput): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    sku: p.sku,
    mpn: p.mpn || p.itemnum,
    ...gtinProperty(p.gtin),
    url: p.url,
    ...(p.images.length > 0 ? { image: p.images } : {}),
    ...(p.description ? { description: p.description } : {}),
    ...(p.brand ? { brand: { '@type': 'Brand', name: p.brand } } : {}),
  };
}

export function breadcrumbJsonLd(items: readonly { name: string; url: string }[]): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      item: item.url,
    })),
  };
}

/** hreflang alternates: the product's own slug in every offered locale that has a translation. */
export function productAlternates(
  id: number,
  slugs: Partial<Record<Locale, string>>,
  offered: readonly Locale[],
): Partial<Record<Locale, string>> {
  return Object.fromEntries(
    offered.flatMap((locale) => {
      const slug = slugs[locale];
      return slug ? [[locale, localePath(locale, productPath({ id, slug }))]] : [];
    }),
  );
}

/**
 * The order attributes are listed in: by configured position, then code, then value (numbers as
 * numbers, so sizes read 8, 9, 10). The value tie-break keeps the order independent of the query plan.
 */
export function byAttributeOrder(
  a: { position: number; attribute_code: string; value: string },
  b: { position: number; attribute_code: string; value: string },
): number {
  return (
    a.position - b.position ||
    a.attribute_code.localeCompare(b.attribute_code) ||
    a.value.localeCompare(b.value, 'en', { numeric: true })
  );
}
