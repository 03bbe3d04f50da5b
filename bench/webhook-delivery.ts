// Outbound webhooks: how many events per second the delivery worker gets out of the outbox to a
// receiver on loopback, and how long after an order's commit its order.created reaches the receiver,
// on embedded PGlite and on a throwaway PostgreSQL. Writes its section into BENCHMARKS.md.
//
//   npm run bench:webhooks        (RUNS=5 EVENTS=2000 ORDERS=50 by default)
//   SKIP_POSTGRES=1 npm run bench:webhooks
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { machine, median, percentile, writeSection as writeBenchmarkSection } from './lib/report.ts';
import type { Database } from '../src/lib/server/db/client.ts';
import { createWebhook } from '../src/lib/server/admin/webhooks.ts';
import { recordEvent, startDeliveryWorker } from '../src/lib/server/webhooks/index.ts';
import { onEachDatabase } from './lib/databases.ts';
import { CookieJar, DEMO_FIXTURES, seedFixtures } from '../tests/helpers/cart-harness.ts';
import {
  api,
  orderHarness,
  orderRequest,
  readyCart,
  setStock,
  type OrderHarness,
} from '../tests/helpers/order-harness.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../tests/helpers/webhook-receiver.ts';

const RUNS = Number(process.env.RUNS ?? 5);
const EVENTS = Number(process.env.EVENTS ?? 2000);
const ORDERS = Number(process.env.ORDERS ?? 50);
/** Events written per transaction while filling the outbox. */
const CHUNK = 200;

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(done: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('the receiver did not get everything in time');
    await pause(1);
  }
}

/** A backlog of EVENTS in the outbox (a receiver that was down), then the worker starts: events/s. */
async function throughput(database: Database, receiver: WebhookReceiver): Promise<number> {
  for (let done = 0; done < EVENTS; done += CHUNK) {
    await database.db.transaction(async (tx) => {
      for (let i = 0; i < Math.min(CHUNK, EVENTS - done); i++)
        await recordEvent(tx, 'customer.created', {
          id: randomUUID(),
          customerNumber: String(20_000 + done + i),
          email: `bench-${done + i}@example.com`,
          company: 'Bench GmbH',
        });
    });
  }
  const before = receiver.received.length;
  const start = performance.now();
  const worker = await startDeliveryWorker(database);
  try {
    await until(() => receiver.received.length - before >= EVENTS, 600_000);
    return (EVENTS / (performance.now() - start)) * 1000;
  } finally {
    await worker.stop();
  }
}

/** Orders one after another through the real handler with the worker running: commit → arrival (ms). */
async function commitToDelivery(database: Database, h: OrderHarness, receiver: WebhookReceiver) {
  const carts = await Promise.all(
    Array.from({ length: ORDERS }, async () => {
      const jar = new CookieJar();
      return { jar, cart: await readyCart(h, jar) };
    }),
  );
  const worker = await startDeliveryWorker(database);
  const fromCommit: number[] = [];
  const fromClick: number[] = [];
  try {
    for (const { jar, cart } of carts) {
      const before = receiver.received.length;
      const sent = Date.now();
      const created = await api(h, jar, 'orders', 'create', orderRequest(cart, { idempotencyKey: randomUUID() }));
      // The create call answers after its commit: the earliest moment the client knows of the order.
      const answered = Date.now();
      if (created.status !== 200) throw new Error(`create answered ${created.status}`);
      await until(() => receiver.received.length > before, 30_000);
      const arrived = receiver.received.at(-1)!.at;
      fromCommit.push(arrived - answered);
      fromClick.push(arrived - sent);
      await pause(20);
    }
  } finally {
    await worker.stop();
  }
  fromCommit.sort((a, b) => a - b);
  fromClick.sort((a, b) => a - b);
  return {
    commit50: percentile(fromCommit, 50),
    commit99: percentile(fromCommit, 99),
    click50: percentile(fromClick, 50),
    click99: percentile(fromClick, 99),
  };
}

interface Row {
  database: string;
  perSecond: number;
  commit50: number;
  commit99: number;
  click50: number;
  click99: number;
}

async function benchDatabase(label: string, database: Database): Promise<Row[]> {
  await database.migrate();
  await seedFixtures(database.db);
  await setStock(database.db, DEMO_FIXTURES.products.available, 10_000_000, 0);
  const receiver = await startWebhookReceiver();
  try {
    await createWebhook(database.db, { kind: 'cli' }, { url: receiver.url, eventTypes: [] });
    const h = orderHarness(() => database.db);
    const rates: number[] = [];
    const delays: Awaited<ReturnType<typeof commitToDelivery>>[] = [];
    for (let run = 0; run < RUNS; run++) {
      rates.push(await throughput(database, receiver));
      delays.push(await commitToDelivery(database, h, receiver));
      await database.db.execute(sql`DELETE FROM webhook_deliveries`);
    }
    const row: Row = {
      database: label,
      perSecond: median(rates),
      commit50: median(delays.map((d) => d.commit50)),
      commit99: median(delays.map((d) => d.commit99)),
      click50: median(delays.map((d) => d.click50)),
      click99: median(delays.map((d) => d.click99)),
    };
    console.log(
      `${label.padEnd(26)} ${row.perSecond.toFixed(0)} events/s; commit → receiver p50 ${row.commit50} ms p99 ${row.commit99} ms; ` +
        `order sent → receiver p50 ${row.click50} ms p99 ${row.click99} ms`,
    );
    return [row];
  } finally {
    await receiver.stop();
  }
}

function writeSection(rows: Row[]): void {
  const title = '## Webhooks: outbox delivery';
  const table = [
    '| database | delivery (events/s) | commit → receiver p50 (ms) | p99 (ms) | order sent → receiver p50 (ms) | p99 (ms) |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.database} | ${r.perSecond.toFixed(0)} | ${r.commit50} | ${r.commit99} | ${r.click50} | ${r.click99} |`,
    ),
  ].join('\n');
  writeBenchmarkSection(
    title,
    `${title}

\`npm run bench:webhooks\` (bench/webhook-delivery.ts). Delivery: ${EVENTS} events waiting in the outbox (as
after a receiver outage), then the delivery worker starts and sends them, signed, over HTTP to a receiver
on loopback that answers 200 at once; events/s until the last one arrived. Delay: ${ORDERS} orders placed
one after another through the real create-order handler with the worker running (woken by the commit's
NOTIFY; its 5 s poll plays no part); "commit" is the moment the create call answered, which is after its
commit, so the figure is a little short of commit → arrival and can be below zero (the delivery arrived
before the buyer's answer); "order sent" is the moment the create call started. Receiver and shop run
in one process (ms clock). Median of ${RUNS} runs. PostgreSQL: local throwaway cluster, pool of 10.

Machine: ${machine()}. Date: ${new Date().toISOString().slice(0, 10)}.
Load average (1 min) at start and end of the run: ${loadAtStart} / ${loadavg()[0]!.toFixed(1)} (other work was running; wall-clock figures are upper bounds).

${table}
`,
  );
}

const loadAtStart = loadavg()[0]!.toFixed(1);
const rows = await onEachDatabase(benchDatabase);
writeSection(rows);
console.log('BENCHMARKS.md updated');
