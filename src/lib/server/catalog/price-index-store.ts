// Where the price index comes from and how it stays current. Triggers on products, prices and stock
// (migration 0007) announce every change with NOTIFY storefront_prices, whoever makes it: an order
// reserving stock, an import, a hand-written UPDATE. Each instance listens before it builds (so no
// change falls between the two), reloads the products named, and rebuilds on '*' (too many to
// name), on a reconnect after which notices may have been missed, and on a publish of everything.
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import { database, rows } from '../db/index.ts';
import type { Database, Db } from '../db/client.ts';
import { logger } from '../log.ts';
import { LiveIndex, indexPerDatabase, putAllInBatches } from '../live-index.ts';
import { onPublished } from '../publish/index.ts';
import { PriceIndex, type PricedProduct } from './price-index.ts';

const CHANNEL = 'storefront_prices';
/** Products read per query while building. */
const BATCH = 10_000;

const PricedRow = z
  .object({
    id: z.number(),
    sku: z.string(),
    hide_prices: z.boolean(),
    effective: z.number().nullable(),
    external: z.number().nullable(),
    marked: z.boolean().nullable(),
    prices: z
      .array(z.tuple([z.number(), z.string(), z.number(), z.number().nullable(), z.string().nullable()]))
      .nullable(),
  })
  .transform((r): PricedProduct => ({
    id: r.id,
    sku: r.sku,
    hidePrices: r.hide_prices,
    stock:
      r.effective === null ? null : { effective: r.effective, external: r.external ?? 0, marked: r.marked ?? false },
    prices: (r.prices ?? []).map(([listId, currency, regular, special, specialUntil]) => ({
      listId,
      currency,
      regular,
      special,
      specialUntil,
    })),
  }));

const IdRow = z.object({ id: z.number() });

/** Active products with id above `after` (a batch of the build), or exactly `ids` (a change). */
async function readProducts(db: Db, where: { after: number } | { ids: number[] }): Promise<PricedProduct[]> {
  const filter = 'ids' in where ? sql`p.id = any(${`{${where.ids.join(',')}}`}::int[])` : sql`p.id > ${where.after}`;
  return rows(
    db,
    PricedRow,
    sql`
    select p.id, p.sku, p.hide_prices, s.effective_stock as effective, s.external_stock as external, s.marked_in_stock as marked,
      (select json_agg(json_build_array(pr.price_list_id, pr.currency, pr.regular_cents, pr.special_cents, pr.special_until))
        from prices pr where pr.product_id = p.id) as prices
    from products p left join stock s on s.product_id = p.id
    where p.is_active and ${filter}
    order by p.id ${'after' in where ? sql`limit ${BATCH}` : sql``}`,
  );
}

async function build(db: Db): Promise<PriceIndex> {
  const started = performance.now();
  const [base] = await rows(db, IdRow, sql`select id from price_lists where code = 'base'`);
  const index = new PriceIndex(base ? base.id : null);
  await putAllInBatches(
    (after) => readProducts(db, { after }),
    BATCH,
    (batch) => index.put(batch),
  );
  logger.info({ products: index.size, ms: Math.round(performance.now() - started) }, 'price index built');
  return index;
}

/** The price index of one database, following its change notices and publish events. */
async function followedIndex(database: Database): Promise<LiveIndex<PriceIndex>> {
  const { db } = database;
  const live = new LiveIndex('prices', () => build(db));
  const onNotice = (payload: string) => {
    if (payload === '*') return live.rebuild();
    const ids = payload.split(',').map(Number).filter(Number.isSafeInteger);
    void live.change(async (index) => {
      const found = await readProducts(db, { ids });
      const active = new Set(found.map((p) => p.id));
      index.remove(ids.filter((id) => !active.has(id)));
      index.put(found);
    });
  };
  await database.listen(CHANNEL, onNotice, () => {
    logger.info('price notices may have been missed while reconnecting: rebuilding the price index');
    live.rebuild();
  });
  onPublished((invalidation) => {
    if (invalidation.all) live.rebuild();
  });
  return live;
}

const indexOf = indexPerDatabase(followedIndex);

/** The price index of the shop's database, built on first use. */
export async function priceIndex(): Promise<PriceIndex> {
  return (await indexOf(await database())).get();
}
