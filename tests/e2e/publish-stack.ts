// The publishing path as deployed, for tests/e2e/publish.spec.ts: a throwaway PostgreSQL holding the
// demo shop, two instances of the built server on it, and a real Varnish (deploy/varnish/storefront.vcl)
// in front of instance A. Webhooks go to instance B, so one publish travels both roads a change takes
// to a shopper: B applies it and purges Varnish, A hears of it through LISTEN/NOTIFY and drops its own
// cached pages. Varnish refetching from A right after the purge only gets the new page if both worked.
// The spec changes the data the way a content service or a PIM does: straight in the database,
// then a signed webhook naming what changed.
import pg from 'pg';
import { startPostgres } from '#tests/helpers/postgres.ts';
import { startVarnish, type VarnishServer } from '#tests/helpers/varnish.ts';
import {
  buildTestShop,
  seedPostgres,
  signedPublish,
  startShopInstance,
  TEST_WEBHOOK_SECRET,
  type PublishAnswer,
  type ShopInstance,
  type SignOptions,
  TEST_BUILD_DIR,
} from '#tests/helpers/shop-instance.ts';
import type { PublishChanges } from '#lib/publish/contract.ts';

/** Its own build folder: other suites build theirs at the same time, and one folder cannot take two builds. */
const OUT_DIR = TEST_BUILD_DIR;
/** Enough for categories with a full first listing page; the seed takes a few seconds. */
const PRODUCTS = 120;

export interface PublishStack {
  /** Varnish: the address shoppers use. */
  cdnUrl: string;
  /** Instance A, the one behind Varnish. */
  front: ShopInstance;
  /** Instance B, the one the webhooks go to. */
  editor: ShopInstance;
  /** The shop's database, for the edits a content service or a PIM would make. */
  sql: pg.Pool;
  /** A signed publish webhook to instance B. */
  publish(changes: PublishChanges, opts?: SignOptions): Promise<PublishAnswer>;
  stop(): Promise<void>;
}

/** Stops what started, last first; every step runs even when one before it failed. */
async function stopAll(steps: (() => Promise<unknown>)[]): Promise<void> {
  let failure: unknown;
  for (const step of [...steps].reverse()) {
    try {
      await step();
    } catch (error) {
      failure ??= error;
    }
  }
  if (failure) throw failure;
}

export async function startPublishStack(): Promise<PublishStack> {
  const started: (() => Promise<unknown>)[] = [];
  const since = Date.now();
  try {
    // The build and the database do not depend on each other: both at once (and a cluster that
    // started is stopped again even when the build failed).
    const [postgres, build] = await Promise.allSettled([startPostgres(), buildTestShop(OUT_DIR)]);
    if (postgres.status === 'rejected') throw postgres.reason;
    started.push(() => postgres.value.stop());
    if (build.status === 'rejected') throw build.reason;
    const databaseUrl = postgres.value.url;
    await seedPostgres(databaseUrl, PRODUCTS);

    const front = await startShopInstance({ outDir: OUT_DIR, databaseUrl });
    started.push(() => front.stop());
    const varnish: VarnishServer = await startVarnish({ backendPort: front.port });
    started.push(() => varnish.stop());
    // A never receives a webhook here, so only B needs the purge address (A's port decides Varnish's
    // backend, so A starts first). B's purges come from 127.0.0.1, inside the VCL's purgers ACL.
    const editor = await startShopInstance({ outDir: OUT_DIR, databaseUrl, env: { CDN_PURGE_URL: varnish.url } });
    started.push(() => editor.stop());
    const sql = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    started.push(() => sql.end());
    console.log(
      `[publish-stack] PostgreSQL, instances A ${front.url} and B ${editor.url}, Varnish ${varnish.url}: up in ${((Date.now() - since) / 1000).toFixed(1)} s`,
    );

    return {
      cdnUrl: varnish.url,
      front,
      editor,
      sql,
      publish: (changes, opts) => signedPublish(editor.url, TEST_WEBHOOK_SECRET, changes, opts),
      stop: () => stopAll(started),
    };
  } catch (error) {
    await stopAll(started).catch(() => undefined);
    throw error;
  }
}
