// A variant family in structured data, as schema.org models it and search engines read it: the parent
// product's page is a ProductGroup whose hasVariant lists every variant as a Product with its own URL
// and Offer; each variant's page is a Product that names the group (isVariantOf, inProductGroupWithID).
// The group is identified by the parent's sku.
import type { VariantLike } from './product.ts';

/**
 * The catalogue's variant attributes that schema.org names as a Product property (and so as a
 * `variesBy` value search engines understand). A family that varies by another attribute is still a
 * group with its variants; it just says no `variesBy` for that attribute.
 */
const VARIANT_PROPERTIES: Readonly<Record<string, string>> = {
  size: 'size',
  colour: 'color',
  color: 'color',
  material: 'material',
  pattern: 'pattern',
};

/** The schema.org properties among the attribute codes that tell a family's variants apart. */
function schemaProperties(codes: readonly string[]): string[] {
  return [...new Set(codes.flatMap((code) => VARIANT_PROPERTIES[code] ?? []))];
}

/** A variant's own values of the distinguishing attributes, as schema.org properties ({ size: '10 mm' }). */
export function variantProperties(variant: Pick<VariantLike, 'attributes'>, codes: readonly string[]) {
  return Object.fromEntries(
    codes.flatMap((code) => {
      const property = VARIANT_PROPERTIES[code];
      const values = variant.attributes.filter((a) => a.attribute_code === code).map((a) => a.valueLabel);
      return property && values.length > 0 ? [[property, values.join(', ')]] : [];
    }),
  );
}

/** The group's own identifier within a page, so variants elsewhere can point at it. */
const productGroupId = (parentUrl: string) => `${parentUrl}#product-group`;

export interface VariantEntry {
  name: string;
  sku: string;
  url: string;
  /** Absolute image URLs; empty takes the group's. */
  images: string[];
  properties: Record<string, string>;
  offer: Record<string, unknown> | undefined;
}

/**
 * The parent's page: its Product turned into the ProductGroup of its variants. `codes` are the
 * attribute codes that tell the variants apart (product.ts distinguishingCodes).
 */
export function productGroupJsonLd(
  parent: Record<string, unknown>,
  group: { url: string; sku: string },
  codes: readonly string[],
  variants: readonly VariantEntry[],
): Record<string, unknown> {
  const variesBy = schemaProperties(codes).map((property) => `https://schema.org/${property}`);
  return {
    ...parent,
    '@type': 'ProductGroup',
    '@id': productGroupId(group.url),
    productGroupID: group.sku,
    ...(variesBy.length > 0 ? { variesBy } : {}),
    hasVariant: variants.map((v) => ({
      '@type': 'Product',
      name: v.name,
      sku: v.sku,
      url: v.url,
      ...(v.images.length > 0 ? { image: v.images } : parent.image ? { image: parent.image } : {}),
      ...v.properties,
      ...(v.offer ? { offers: v.offer } : {}),
    })),
  };
}

/** A variant's page: what it adds to its Product to name its group. */
export function variantOfJsonLd(group: { sku: string; name: string; url: string }): Record<string, unknown> {
  return {
    inProductGroupWithID: group.sku,
    isVariantOf: {
      '@type': 'ProductGroup',
      '@id': productGroupId(group.url),
      productGroupID: group.sku,
      name: group.name,
      url: group.url,
    },
  };
}
