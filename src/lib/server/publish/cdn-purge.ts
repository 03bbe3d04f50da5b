// Purging the shared cache in front of the shop (Varnish with the xkey vmod, deploy/varnish/storefront.vcl)
// after a publish: the shop drops its own cached pages first, then asks the CDN to drop the same tags,
// so the CDN's refetch gets the new page and not the shop's old copy.
import { logger } from '../log.ts';
import type { Invalidation } from './bus.ts';
import { TAG_PATTERN } from './tags.ts';

export interface CdnPurger {
  readonly name: string;
  /** Resolves once the CDN confirmed the purge; rejects with the CDN's status otherwise. */
  purge(invalidation: Invalidation): Promise<void>;
}

interface VarnishPurgerOptions {
  /** Delay of the second purge (ms); 2000 unless set. */
  settleMs?: number;
  fetch?: typeof fetch;
}

/** Varnish's default http_req_hdr_len is 8 KB for a whole header line; stay well under it. */
const MAX_PURGE_HEADER = 7 * 1024;
const DEFAULT_SETTLE_MS = 2000;
/** A purge request that hangs must not hold the publish up forever. */
const REQUEST_TIMEOUT_MS = 10_000;

/** Space-separated tag lists, each at most `limit` characters (tags are ASCII, so characters are bytes). */
function purgeBatches(tags: readonly string[], limit = MAX_PURGE_HEADER): string[] {
  const batches: string[] = [];
  let current = '';
  for (const tag of new Set(tags)) {
    // A space or line break would split or inject headers; tags.ts makes every tag match, so this is a bug.
    if (!TAG_PATTERN.test(tag)) throw new Error(`CDN purge: invalid cache tag ${JSON.stringify(tag)}`);
    if (current && current.length + 1 + tag.length > limit) {
      batches.push(current);
      current = '';
    }
    current = current ? `${current} ${tag}` : tag;
  }
  if (current) batches.push(current);
  return batches;
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? (error.cause as Error & { code?: string }) : undefined;
  return cause ? `${error.message} (${cause.code ?? cause.message})` : error.message;
}

/**
 * Purges through the storefront VCL: `PURGE <url>` with `xkey-purge: <tags>` drops the pages carrying
 * any of the tags, `BAN <url>` drops every page. The caller's address must be in the VCL's purgers ACL.
 * @internal Tests build one with a short settle time; the shop uses cdnPurgerFromEnv.
 */
export function varnishPurger(url: string, opts: VarnishPurgerOptions = {}): CdnPurger {
  const target = new URL(url).href;
  const settleMs = opts.settleMs ?? DEFAULT_SETTLE_MS;
  const send = opts.fetch ?? fetch;

  async function request(method: 'PURGE' | 'BAN', headers: Record<string, string> = {}): Promise<void> {
    let response: Response;
    try {
      response = await send(target, { method, headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch (error) {
      throw new Error(`CDN purge: ${method} ${target} failed: ${describe(error)}`, { cause: error });
    }
    // The VCL's answer is one line ("Purged 3"); reading it frees the connection.
    const body = (await response.text().catch(() => '')).trim().slice(0, 200);
    if (!response.ok) {
      throw new Error(
        `CDN purge: ${method} ${target} answered ${response.status} ${response.statusText}${body ? `: ${body}` : ''}`,
      );
    }
    logger.debug({ method, status: response.status, answer: body }, 'CDN purge');
  }

  async function purgeOnce(invalidation: Invalidation): Promise<void> {
    if (invalidation.all) return request('BAN');
    // One after the other: a publish rarely has more than one batch, and Varnish need not be hammered.
    for (const batch of purgeBatches(invalidation.tags)) await request('PURGE', { 'xkey-purge': batch });
  }

  return {
    name: 'varnish',
    async purge(invalidation) {
      if (!invalidation.all && invalidation.tags.length === 0) return;
      await purgeOnce(invalidation);
      // A fetch that was already on its way to the shop when the first purge ran can store the old page
      // right after it (Varnish's xkey index only knows stored objects). Purging once more after the
      // shop's in-flight renders have settled catches that page. In the background: the publish is done.
      setTimeout(() => {
        purgeOnce(invalidation).catch((error: unknown) => {
          logger.warn(
            { err: error },
            'CDN purge: the second (settle) purge failed; pages cached during the publish may stay stale until they expire',
          );
        });
      }, settleMs).unref();
    },
  };
}

/** The purger the environment configures (CDN_PURGE_URL: the Varnish listen address), or none. */
export function cdnPurgerFromEnv(env: { CDN_PURGE_URL?: string }): CdnPurger | undefined {
  const url = env.CDN_PURGE_URL?.trim();
  if (!url) return undefined;
  if (!/^https?:\/\//.test(url))
    throw new Error(`CDN_PURGE_URL must be an http(s) URL such as http://127.0.0.1:6081/, got ${JSON.stringify(url)}`);
  return varnishPurger(url);
}
