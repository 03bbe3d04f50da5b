// A signed-in browser for the HTTP benches: its session cookies as one Cookie header, and JSON calls made
// with them as the shop's own pages make them (same origin, JSON body).

export interface Browser {
  origin: string;
  /** The Cookie header the shop's answers left (session and cart cookies). */
  cookie: string;
}

/** Cookies of a set-cookie list merged into `cookie` (a cookie set to expire is dropped). */
function merge(cookie: string, setCookies: string[]): string {
  const jar = new Map(
    cookie
      .split('; ')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)] as const),
  );
  for (const line of setCookies) {
    const [pair = '', ...attributes] = line.split(';');
    const at = pair.indexOf('=');
    if (attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))) jar.delete(pair.slice(0, at).trim());
    else jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** Headers of a JSON call from the shop's own page, with the browser's cookies. */
export const jsonHeaders = (browser: Browser): Record<string, string> => ({
  'content-type': 'application/json',
  origin: browser.origin,
  ...(browser.cookie ? { cookie: browser.cookie } : {}),
});

/** POSTs `body` as the browser (keeping the cookies it gets); throws unless the shop answers 200. */
export async function postJson(browser: Browser, path: string, body: unknown): Promise<unknown> {
  const response = await fetch(new URL(path, browser.origin), {
    method: 'POST',
    headers: jsonHeaders(browser),
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`POST ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  browser.cookie = merge(browser.cookie, response.headers.getSetCookie());
  return JSON.parse(text) as unknown;
}

/** A new browser signed in to the shop at `origin` (POST /api/auth/login). */
export async function signIn(origin: string, username: string, password: string): Promise<Browser> {
  const browser = { origin, cookie: '' };
  await postJson(browser, '/api/auth/login', { username, password });
  return browser;
}
