// The link picker's calls: a search as the editor types, and the name of a stored code. A menu shows
// dozens of pickers at once, so names are asked for two at a time and kept for the page's life (the
// search endpoint spends from a per-client budget); a target the editor picked is known already.
import { call, endpoints } from '#lib/http/client.ts';
import type { linkApi, LinkTarget } from '#lib/admin/link-contract.ts';
import { linkRoutes } from '#lib/admin/link-routes.ts';
import type { Locale } from '#lib/i18n/locales.ts';

const linkClient = endpoints<typeof linkApi>(linkRoutes);

const known = new Map<string, Promise<LinkTarget | null>>();
const keyOf = (locale: Locale, code: string) => `${locale}\u0000${code}`;

let running = 0;
const waiting: (() => void)[] = [];
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= 2) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/** The target a stored code names in `locale`, or null (an outside address, a code of nothing). */
export function targetOf(code: string, locale: Locale): Promise<LinkTarget | null> {
  const key = keyOf(locale, code);
  let found = known.get(key);
  if (!found) {
    found = inTurn(() => call(linkClient.links, { locale, code })).then(
      (answer) => answer.results[0] ?? null,
      () => {
        known.delete(key);
        return null;
      },
    );
    known.set(key, found);
  }
  return found;
}

/** A target the editor picked: its name is known without asking. */
export function remember(target: LinkTarget, locale: Locale): void {
  known.set(keyOf(locale, target.code), Promise.resolve(target));
}

export const searchTargets = (locale: Locale, q: string, signal: AbortSignal): Promise<LinkTarget[]> =>
  call(linkClient.links, { locale, q }, { signal }).then((answer) => answer.results);
