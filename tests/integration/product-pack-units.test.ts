// A demo product given what a BMEcat import writes (GTIN, manufacturer, cartons of 12 pieces, at least 3
// cartons in steps of 3, dispatch time, ETIM class, two documents, public price breaks): what its page
// data says in de and en, and what the built shop renders of it, structured data and cache tags included.
import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Db } from '#lib/server/db/client.ts';

process.env.DATA_DIR = 'memory://';
delete process.env.DATABASE_URL;

const db = await import('#lib/server/db/index.ts');
const raw = await import('../helpers/raw-rows.ts');
const { seedDemoData } = await import('#lib/server/demo/index.ts');
const { DEMO_FIXTURES } = await import('#lib/server/demo/fixtures.ts');
const { loadProductPage, productPageTerms, productSeo, publicPriceBreaks, publicPrices } =
  await import('#lib/server/catalog/index.ts');
const { loadShell } = await import('#lib/server/shell.ts');
const { buildTestShop, seededDataDir, startShopInstance, TEST_BUILD_DIR } =
  await import('#tests/helpers/shop-instance.ts');
const { openMigrated } = await import('../../scripts/lib/prepare.ts');
const { parseEnv } = await import('#lib/server/env.ts');

const SKU = DEMO_FIXTURES.products.available;
/** Its public EUR price from 1 (18899) and the breaks given below, on the orderable quantities 3, 6, 9 … */
const EUR_ROWS = [
  { minQuantity: 3, cents: 18899 },
  { minQuantity: 12, cents: 17999 },
  { minQuantity: 27, cents: 16999 },
];

/** What an import of the product would have written; the part number is the manufacturer number it shows. */
async function sellInCartons(target: Db): Promise<void> {
  await target.execute(sql`
    UPDATE products SET gtin = '4006381333931', manufacturer_name = 'Outilia Werkzeuge GmbH',
      manufacturer_pid = (SELECT value FROM product_attributes a
        WHERE a.product_id = products.id AND a.attribute_code = 'manufacturer_number'),
      order_unit = 'CT', content_unit = 'C62', units_per_order_unit = 12, min_quantity = 3, quantity_step = 3,
      delivery_days = 3, classification = '{"system": "ETIM", "version": "7.0", "classId": "EC002618"}',
      documents = '[{"file": "7d2c9e41b0a5f3c6.pdf", "title": {"de": "Datenblatt", "en": "Data sheet"}},
        {"file": "e91b04a7c3d2f856.pdf", "title": {"de": "Bedienungsanleitung"}}]'
    WHERE sku = ${SKU}`);
  await target.execute(sql`
    INSERT INTO price_tiers (price_list_id, product_id, currency, min_quantity, cents)
    SELECT l.id, p.id, t.currency, t.min_quantity, t.cents
    FROM products p, price_lists l,
      (VALUES ('EUR', 10, 17999), ('EUR', 25, 16999), ('GBP', 10, 15499)) AS t(currency, min_quantity, cents)
    WHERE p.sku = ${SKU} AND l.code = 'base'`);
}

let id = 0;

beforeAll(async () => {
  const database = await db.database();
  await database.migrate();
  await seedDemoData(database.db, { products: 60 });
  await sellInCartons(await db.getDb());
  const [row] = await raw.rows<{ id: number }>(await db.getDb(), sql`select id from products where sku = ${SKU}`);
  id = Number(row!.id);
}, 120_000);

afterAll(async () => {
  await db.closeDatabase();
});

describe('the page data of a product sold in cartons', () => {
  test('de and en: price per carton, the rule in cartons, price breaks per currency, facts and documents', async () => {
    const expected = {
      de: {
        pricePer: 'je Karton à 12 Stück',
        rule: 'Mindestabnahme 3 Kartons · in Schritten zu 3 Kartons',
        from: ['ab 3 Kartons', 'ab 12 Kartons', 'ab 27 Kartons'],
        prices: ['188,99 €', '179,99 €', '169,99 €'],
        priceHeader: 'Preis je Karton',
        facts: [
          ['manufacturer', 'Hersteller', 'Outilia Werkzeuge GmbH'],
          ['gtin', 'GTIN/EAN', '4006381333931'],
          ['delivery-time', 'Lieferzeit', 'Versand in 3 Werktagen'],
          ['classification', 'Klassifikation', 'ETIM 7.0: EC002618'],
        ],
        documents: ['Datenblatt', 'Bedienungsanleitung'],
      },
      en: {
        pricePer: 'per carton of 12 pieces',
        rule: 'Minimum order 3 cartons · in steps of 3 cartons',
        from: ['from 3 cartons', 'from 12 cartons', 'from 27 cartons'],
        prices: ['€188.99', '€179.99', '€169.99'],
        priceHeader: 'Price per carton',
        facts: [
          ['manufacturer', 'Manufacturer', 'Outilia Werkzeuge GmbH'],
          ['gtin', 'GTIN/EAN', '4006381333931'],
          ['delivery-time', 'Delivery time', 'Ships in 3 working days'],
          ['classification', 'Classification', 'ETIM 7.0: EC002618'],
        ],
        // A title the file has not in English is shown in the shop's default language.
        documents: ['Data sheet', 'Bedienungsanleitung'],
      },
    } as const;
    for (const locale of ['de', 'en'] as const) {
      const want = expected[locale];
      const shell = await loadShell(locale);
      const data = (await loadProductPage(id, locale))!;
      expect(data.product).toMatchObject({
        gtin: '4006381333931',
        unit: { orderUnit: 'CT', contentUnit: 'C62', unitsPerOrderUnit: 12 },
        rule: { min: 3, step: 3 },
        deliveryDays: 3,
        classification: { system: 'ETIM', version: '7.0', classId: 'EC002618' },
      });
      // Breaks and pack data belong to the product: its tag drops the page when any of them changes.
      expect(data.tags).toContain(`p:${id}`);

      const breaks = await publicPriceBreaks(data.product, shell);
      // Only currencies with breaks: GBP has one, USD none.
      expect(breaks.map((b) => b.currency)).toEqual(['EUR', 'GBP']);
      expect(breaks[0]!.breaks).toEqual(EUR_ROWS);

      const terms = productPageTerms(data, breaks, shell);
      expect(terms.buyBox).toEqual({ pricePer: want.pricePer, rule: want.rule });
      // The part number equals the manufacturer number the header shows: it is not said twice.
      expect(terms.facts.map((f) => [f.code, f.label, f.value])).toEqual(want.facts);
      const [eur, gbp] = terms.priceBreaks;
      expect(eur).toMatchObject({ currency: 'EUR', hidden: false, priceHeader: want.priceHeader });
      expect(eur!.lines.map((r) => r.quantity)).toEqual(want.from);
      expect(eur!.lines.map((r) => r.price.replace(/\s/g, ' '))).toEqual(want.prices);
      expect(gbp).toMatchObject({ currency: 'GBP', hidden: true });
      expect(terms.documents).toEqual([
        { href: '/media/7d2c9e41b0a5f3c6.pdf', title: want.documents[0], type: 'PDF', mime: 'application/pdf' },
        { href: '/media/e91b04a7c3d2f856.pdf', title: want.documents[1], type: 'PDF', mime: 'application/pdf' },
      ]);

      const prices = await publicPrices([SKU], shell);
      const seo = productSeo(data, shell, new URL('https://shop.example'), {
        prices,
        reviews: null,
        breaks,
        merchant: null,
      });
      const ld = (seo.jsonLd as Record<string, unknown>[]).find((d) => d['@type'] === 'Product')!;
      expect(ld).toMatchObject({ gtin13: '4006381333931', brand: { '@type': 'Brand', name: data.brand } });
      expect(ld.mpn).toBe(data.header.find((g) => g.code === 'manufacturer_number')?.values[0]?.label);
      expect(ld.offers).toMatchObject({
        price: '188.99',
        eligibleQuantity: { '@type': 'QuantitativeValue', minValue: 3, unitCode: 'CT' },
        priceSpecification: EUR_ROWS.map((row) => ({
          '@type': 'UnitPriceSpecification',
          price: (row.cents / 100).toFixed(2),
          priceCurrency: 'EUR',
          unitCode: 'CT',
          eligibleQuantity: { minValue: row.minQuantity, unitCode: 'CT' },
        })),
      });
    }
  });

  test('with prices hidden from guests there are no price breaks', async () => {
    const shell = await loadShell('de');
    const data = (await loadProductPage(id, 'de'))!;
    const hidden = { ...shell, features: { ...shell.features, isPriceForGuestEnabled: false } };
    expect(await publicPriceBreaks(data.product, hidden)).toEqual([]);
    expect(await publicPriceBreaks({ ...data.product, hidePrices: true }, shell)).toEqual([]);
  });
});

describe('the rendered page', () => {
  let dataDir = '';
  let shop: Awaited<ReturnType<typeof startShopInstance>> | undefined;

  beforeAll(async () => {
    [dataDir] = await Promise.all([seededDataDir(60), buildTestShop()]);
    const database = await openMigrated(parseEnv({ DATA_DIR: dataDir }));
    try {
      await sellInCartons(database.db);
    } finally {
      await database.close();
    }
    shop = await startShopInstance({ outDir: TEST_BUILD_DIR, dataDir });
  }, 600_000);

  afterAll(async () => {
    await shop?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The page's HTML with Intl's no-break spaces as plain ones, and its cache tags. */
  async function page(path: string): Promise<{ html: string; tags: string }> {
    const response = await fetch(`${shop!.url}${path}`, { redirect: 'follow' });
    expect(response.status, path).toBe(200);
    return {
      html: (await response.text()).replace(/[\u00a0\u202f]/g, ' '),
      tags: response.headers.get('surrogate-key') ?? '',
    };
  }

  test('de and en carry the terms, the breaks, the facts, the documents and the structured data', async () => {
    for (const [locale, prefix] of [
      ['de', ''],
      ['en', '/en'],
    ] as const) {
      const { html, tags } = await page(`${prefix}/p/${id}`);
      expect(tags.split(' ')).toContain(`p:${id}`);
      // The buy box's server HTML: the field starts at the minimum and steps by the rule.
      const field = /<input[^>]*name="quantity"[^>]*>/.exec(html)?.[0] ?? '';
      for (const attribute of ['min="3"', 'step="3"', 'value="3"']) expect(field).toContain(attribute);
      const table = /<table class="price-breaks" data-price-currency="EUR">[\s\S]*?<\/table>/.exec(html)?.[0] ?? '';
      const cells = [...table.matchAll(/<t[hd][^>]*>([^<]*)<\/t[hd]>/g)].map((m) => m[1]);
      const ld = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
        .map((m) => JSON.parse(m[1]!) as Record<string, unknown>)
        .find((d) => d['@type'] === 'Product')!;
      expect(ld).toMatchObject({ gtin13: '4006381333931', offers: { eligibleQuantity: { minValue: 3 } } });
      // Price-break tables per currency the product has prices in (the banner's amounts are per currency too).
      expect(html).toContain('<table class="price-breaks" data-price-currency="GBP" hidden');
      expect(html).not.toContain('<table class="price-breaks" data-price-currency="USD"');
      expect(html).toMatch(/<a href="\/media\/7d2c9e41b0a5f3c6\.pdf" type="application\/pdf">/);
      if (locale === 'de') {
        expect(html).toContain('je Karton à 12 Stück');
        expect(html).toContain('Mindestabnahme 3 Kartons · in Schritten zu 3 Kartons');
        expect(cells).toEqual([
          'Menge',
          'Preis je Karton',
          'ab 3 Kartons',
          '188,99 €',
          'ab 12 Kartons',
          '179,99 €',
          'ab 27 Kartons',
          '169,99 €',
        ]);
        expect(html).toContain('<dt>Lieferzeit</dt><dd>Versand in 3 Werktagen</dd>');
        expect(html).toContain('<dt>Klassifikation</dt><dd>ETIM 7.0: EC002618</dd>');
        expect(html).toContain('<h2 id="product-documents-title">Datenblätter und Dokumente</h2>');
      } else {
        expect(html).toContain('per carton of 12 pieces');
        expect(html).toContain('Minimum order 3 cartons · in steps of 3 cartons');
        expect(cells).toEqual([
          'Quantity',
          'Price per carton',
          'from 3 cartons',
          '€188.99',
          'from 12 cartons',
          '€179.99',
          'from 27 cartons',
          '€169.99',
        ]);
        expect(html).toContain('<dt>Delivery time</dt><dd>Ships in 3 working days</dd>');
        expect(html).toContain('<dt>GTIN/EAN</dt><dd>4006381333931</dd>');
        expect(html).toMatch(/Data sheet<span class="product-document-type">PDF<\/span>/);
      }
    }
  }, 120_000);
});
