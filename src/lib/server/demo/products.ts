// Product families (a simple product, or a parent with 2-4 variants) with texts in all languages,
// attributes, categories, accessories, included items, stock and prices.
import type * as schema from '../db/schema.ts';
import { buildCategories, type CategoryRow } from './categories.ts';
import { FIRST_ITEM_NUMBER, FIXTURE_FAMILIES, QUANTITY_RULE_FAMILIES, type FamilySpec } from './fixtures.ts';
import { productImageUrl } from './images.ts';
import { CURRENCIES, type Currency } from '#lib/shared/currency.ts';
import { packTiers, priceSet, randomEuroCents, randomStockCase, stockFor } from './pricing.ts';
import { LEAF_PROFILES } from './product-types.ts';
import type { LeafProfile } from './leaf-profile.ts';
import { rngFor, type Rng } from './random.ts';
import { familyTexts, variantLabel } from './texts.ts';
import { BRANDS, COLOURS, LOCALES, slugify, type L } from './vocabulary.ts';

export const PRICE_LIST_IDS = { base: 1, acme: 2 } as const;

export interface ProductBundle {
  product: typeof schema.products.$inferInsert & { id: number };
  translations: (typeof schema.productTranslations.$inferInsert)[];
  categories: (typeof schema.productCategories.$inferInsert)[];
  attributes: (typeof schema.productAttributes.$inferInsert)[];
  accessories: (typeof schema.productAccessories.$inferInsert)[];
  included: (typeof schema.productIncluded.$inferInsert)[];
  stock: typeof schema.stock.$inferInsert | null;
  prices: (typeof schema.prices.$inferInsert)[];
  tiers: (typeof schema.priceTiers.$inferInsert)[];
}

interface Context {
  byKey: Map<string, CategoryRow>;
  leaves: CategoryRow[];
  nextId: number;
  /** Product ids of accessory-department products (no variants), per leaf key. */
  pools: Map<string, number[]>;
  allAccessories: number[];
  /** Id of the first (parent or simple) product of each family. */
  familyIds: number[];
  /** The last day of the fixtures' special prices (offersEndAfter); generated specials run on. */
  offersEnd: string;
}

function randomSpec(rng: Rng, ctx: Context): FamilySpec {
  const leaf = rng.pick(ctx.leaves);
  const profile = LEAF_PROFILES[leaf.key] as LeafProfile;
  let variantValues: string[] = [];
  if (profile.variant && rng.chance(0.5)) {
    const values = profile.variant.values;
    const count = Math.min(values.length, rng.int(2, 4));
    const start = rng.int(0, values.length - count);
    variantValues = profile.variant.code === 'size' ? values.slice(start, start + count) : rng.sample(values, count);
  }
  const siblings = ctx.leaves.filter((l) => l.rootKey === leaf.rootKey && l.key !== leaf.key);
  return {
    leaf: leaf.key,
    stock: randomStockCase(rng),
    specialEurCents: undefined,
    variantValues,
    includedCount: profile.included
      ? rng.chance(profile.included.length > 2 ? 0.8 : 0.5)
        ? rng.int(1, Math.min(4, profile.included.length))
        : 0
      : rng.chance(0.05)
        ? 1
        : 0,
    secondLeaf: siblings.length && rng.chance(0.12) ? rng.pick(siblings).key : null,
  };
}

function pickAccessories(rng: Rng, ctx: Context, profile: LeafProfile): number[] {
  // The family being built is not in any pool yet, so it cannot become its own accessory.
  const related = (profile.accessoryFrom ?? []).map((k) => ctx.pools.get(k) ?? []).filter((p) => p.length);
  const sources = related.length ? related : ctx.allAccessories.length ? [ctx.allAccessories] : [];
  if (!sources.length || !rng.chance(related.length ? 0.85 : 0.28)) return [];
  const picked = new Set<number>();
  for (let i = rng.int(1, 4); i > 0; i--) picked.add(rng.pick(rng.pick(sources)));
  return [...picked];
}

/** Builds family `f` within `room` product rows; returns [] when nothing fits. */
function buildFamily(ctx: Context, f: number, room: number): ProductBundle[] {
  const rng = rngFor('family', f);
  const spec = FIXTURE_FAMILIES[f] ?? randomSpec(rng, ctx);
  const profile = LEAF_PROFILES[spec.leaf] as LeafProfile;
  const leaf = ctx.byKey.get(spec.leaf) as CategoryRow;
  let variantValues = spec.variantValues ?? [];
  if (1 + variantValues.length > room) variantValues = room >= 3 ? variantValues.slice(0, room - 1) : [];
  if (room < 1) return [];

  const num = FIRST_ITEM_NUMBER + f;
  const sku = `${profile.prefix}-${num}`;
  const type = profile.types[spec.typeIndex ?? rng.int(0, profile.types.length - 1)] as L;
  const specResult = profile.spec(rng);
  const [brandValue, brandName] = rng.pick(BRANDS);
  const material = rng.pick(profile.materials);
  const colour = profile.colours.length ? rng.pick(profile.colours) : null;
  const certificates = rng.sample(profile.certificates, rng.int(1, profile.certificates.length));
  const weight = profile.weight[0] + (profile.weight[1] - profile.weight[0]) * rng.next();
  const texts = familyTexts({ profile, type, suffix: specResult.suffix, brandName, material, rng });
  const createdAt = rng.pastDate(365);
  const eur = spec.eurCents ?? randomEuroCents(rng, profile.price);
  const specialEur =
    spec.specialEurCents !== undefined
      ? spec.specialEurCents
      : rng.chance(0.15)
        ? Math.round(eur * (0.7 + rng.next() * 0.2))
        : null;
  const acmeEur =
    spec.acmeEurCents !== undefined
      ? spec.acmeEurCents
      : rng.chance(0.6)
        ? Math.round(eur * (0.8 + rng.next() * 0.12))
        : null;
  const manufacturerNumber = `${brandValue.slice(0, 3).toUpperCase()}-${rng.int(10000, 99999)}`;
  const ean = eanFrom(rng);
  // Fasteners come in packs of their packaging unit (an attribute too, which listing cards show), with
  // price breaks; derived from what is drawn already, so the rest of the catalogue stays as it was.
  const packSize = Number(specResult.attrs.find(([code]) => code === 'packaging_unit')?.[1] ?? 0);
  const rule = QUANTITY_RULE_FAMILIES[f];

  const shared: [string, string][] = [
    ['brand', brandValue],
    ['manufacturer_number', manufacturerNumber],
    ['material', material],
    ['weight', weight.toFixed(weight < 10 ? 2 : 1)],
    ...specResult.attrs,
    ...certificates.map((c): [string, string] => ['certificate', c]),
  ];
  const axis = variantValues.length ? profile.variant?.code : undefined;
  const ownColour = colour && axis !== 'colour' ? [['colour', colour] as [string, string]] : [];

  const bundles: ProductBundle[] = [];
  const make = (opts: {
    id: number;
    sku: string;
    itemnum: string;
    names: L;
    slugSuffix: string;
    parentId: number | null;
    attrs: [string, string][];
    stockRng: Rng;
    fixedStock?: 'large' | undefined;
  }): ProductBundle => {
    const images = Array.from({ length: 2 + (hashPick(opts.sku) % 3) }, (_, i) => productImageUrl(opts.sku, i + 1));
    const specRows = specResult.attrs
      .filter(([c]) => c !== 'packaging_unit')
      .map(([c, v]) => `<tr><th>${c === 'voltage' ? 'V' : c === 'diameter' ? 'Ø mm' : 'L mm'}</th><td>${v}</td></tr>`)
      .join('');
    const datasheet =
      `<table class="datasheet"><tbody><tr><th>SKU</th><td>${opts.sku}</td></tr><tr><th>EAN</th><td>${ean}</td></tr>` +
      `<tr><th>kg</th><td>${weight.toFixed(2)}</td></tr>${specRows}</tbody></table>`;
    const kind = opts.id === familyId ? (spec.stock ?? 'large') : (opts.fixedStock ?? randomStockCase(opts.stockRng));
    const stock = typeof kind === 'object' ? kind : stockFor(kind, opts.stockRng);
    const prices = priceSet(eur, specialEur === null ? null : specialEur / Math.max(eur, 1));
    const acme = acmeEur === null ? null : priceSet(acmeEur, null);
    return {
      product: {
        id: opts.id,
        sku: opts.sku,
        itemnum: opts.itemnum,
        originalId: opts.parentId,
        parentId: opts.parentId,
        coverImage: images[0] ?? null,
        gallery: images,
        primaryCategoryId: leaf.id,
        isActive: true,
        hidePrices: false,
        // A GTIN names one trade item: variants would share the family's, so only simple products carry it.
        gtin: axis ? null : ean,
        ...(packSize > 0 ? { orderUnit: 'PK', contentUnit: 'C62', unitsPerOrderUnit: packSize } : {}),
        ...(rule ? { minQuantity: rule.min, quantityStep: rule.step } : {}),
        createdAt,
        updatedAt: createdAt,
      },
      translations: LOCALES.map((locale) => ({
        productId: opts.id,
        locale,
        name: opts.names[locale],
        slug: `${slugify(opts.names[locale])}-${opts.slugSuffix}`,
        title: `${brandName} ${opts.names[locale]}`,
        subtitle: texts.subtitle[locale],
        description: texts.description(opts.names[locale], locale),
      })),
      categories: [
        { productId: opts.id, categoryId: leaf.id, isPrimary: true },
        ...(spec.secondLeaf
          ? [{ productId: opts.id, categoryId: (ctx.byKey.get(spec.secondLeaf) as CategoryRow).id, isPrimary: false }]
          : []),
      ],
      attributes: [...shared, ...opts.attrs, ['datasheet', datasheet] as [string, string]].map(
        ([attributeCode, value]) => ({ productId: opts.id, attributeCode, value }),
      ),
      accessories: [],
      included: [],
      stock: stock ? { productId: opts.id, ...stock, updatedAt: createdAt } : null,
      prices: [
        ...CURRENCIES.map((c: Currency) => ({
          priceListId: PRICE_LIST_IDS.base,
          productId: opts.id,
          currency: c,
          regularCents: prices.regular[c],
          specialCents: prices.special?.[c] ?? null,
          specialUntil: prices.special && spec.specialEurCents ? ctx.offersEnd : null,
        })),
        ...(acme
          ? CURRENCIES.map((c: Currency) => ({
              priceListId: PRICE_LIST_IDS.acme,
              productId: opts.id,
              currency: c,
              regularCents: acme.regular[c],
              specialCents: null,
            }))
          : []),
      ],
      tiers:
        packSize > 0
          ? packTiers(prices.regular).map((tier) => ({ priceListId: PRICE_LIST_IDS.base, productId: opts.id, ...tier }))
          : [],
    };
  };

  const familyId = ctx.nextId;
  const parent = make({
    id: familyId,
    sku,
    itemnum: `${num}-${axis ? '00' : '01'}`,
    names: texts.name,
    slugSuffix: String(num),
    parentId: null,
    attrs: axis ? variantValues.map((v) => [axis, v] as [string, string]).concat(ownColour) : ownColour,
    stockRng: rng,
  });
  bundles.push(parent);
  variantValues.forEach((value, i) => {
    const label = variantLabel(axis as 'size' | 'colour', value, COLOURS);
    bundles.push(
      make({
        id: familyId + 1 + i,
        sku: `${sku}-${value.toUpperCase()}`,
        itemnum: `${num}-${String(i + 1).padStart(2, '0')}`,
        names: Object.fromEntries(LOCALES.map((l) => [l, `${texts.name[l]}, ${label[l]}`])) as L,
        slugSuffix: `${num}-${slugify(value)}`,
        parentId: familyId,
        attrs: [[axis as string, value], ...ownColour],
        stockRng: rngFor(`variant:${f}`, i),
        fixedStock: FIXTURE_FAMILIES[f] ? 'large' : undefined,
      }),
    );
  });
  if (axis) {
    // The parent's stock is what its variants have together.
    const sum = (k: 'effectiveStock' | 'externalStock') =>
      bundles.slice(1).reduce((n, b) => n + (b.stock?.[k] ?? 0), 0);
    parent.stock = {
      productId: familyId,
      effectiveStock: sum('effectiveStock'),
      externalStock: sum('externalStock'),
      markedInStock: false,
      updatedAt: createdAt,
    };
  }

  const accessoryIds = spec.accessoryFamilies
    ? spec.accessoryFamilies.map((i) => ctx.familyIds[i] as number)
    : pickAccessories(rng, ctx, profile);
  parent.accessories = accessoryIds.map((accessoryId, position) => ({ productId: familyId, accessoryId, position }));
  const includedKeys = rng.sample(profile.included ?? ['ZB-1811'], spec.includedCount ?? 0);
  parent.included = includedKeys.map((itemnum, position) => ({
    productId: familyId,
    itemnum,
    names: texts.included(itemnum),
    quantity: itemnum === 'ZB-1801' ? rng.int(1, 2) : 1,
    position,
  }));

  ctx.nextId += bundles.length;
  ctx.familyIds[f] = familyId;
  if (leaf.rootKey === 'accessories') {
    const list = ctx.pools.get(leaf.key) ?? [];
    list.push(familyId);
    ctx.pools.set(leaf.key, list);
    ctx.allAccessories.push(familyId);
  }
  return bundles;
}

const hashPick = (text: string): number => [...text].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) >>> 0, 7);

/** A valid EAN-13 with the German GS1 prefix 40. */
function eanFrom(rng: Rng): string {
  const digits = [4, 0, ...Array.from({ length: 10 }, () => rng.int(0, 9))];
  const sum = digits.reduce((s, d, i) => s + d * (i % 2 ? 3 : 1), 0);
  return [...digits, (10 - (sum % 10)) % 10].join('');
}

/**
 * Yields exactly `total` products (parents and variants), family by family, deterministically; the
 * fixtures' special prices end on `offersEnd`.
 */
export function* generateProducts(total: number, offersEnd: string): Generator<ProductBundle> {
  const categories = buildCategories();
  const ctx: Context = {
    byKey: new Map(categories.map((c) => [c.key, c])),
    leaves: categories.filter((c) => c.isLeaf),
    nextId: 1,
    pools: new Map(),
    allAccessories: [],
    familyIds: [],
    offersEnd,
  };
  for (let f = 0; ctx.nextId <= total; f++) {
    yield* buildFamily(ctx, f, total - ctx.nextId + 1);
  }
}
