// The workspace speaks German and English: the choice from its language switch (a cookie), else the
// browser's preference between the two, else German.
import type { AstroCookies } from 'astro';

const ADMIN_LOCALES = ['de', 'en'] as const;
export type AdminLocale = (typeof ADMIN_LOCALES)[number];
const LANG_COOKIE = 'vsf-admin-lang';

const isAdminLocale = (value: unknown): value is AdminLocale => ADMIN_LOCALES.includes(value as AdminLocale);

/** The workspace language for this request; `?lang=en` switches and remembers it. */
export function adminLocale(cookies: Pick<AstroCookies, 'get' | 'set'>, request: Request, url: URL): AdminLocale {
  const asked = url.searchParams.get('lang');
  if (isAdminLocale(asked)) {
    cookies.set(LANG_COOKIE, asked, {
      path: '/admin',
      sameSite: 'lax',
      maxAge: 365 * 86_400,
      httpOnly: true,
      secure: url.protocol === 'https:',
    });
    return asked;
  }
  const chosen = cookies.get(LANG_COOKIE)?.value;
  if (isAdminLocale(chosen)) return chosen;
  for (const part of (request.headers.get('accept-language') ?? '').split(',')) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if (isAdminLocale(tag)) return tag;
  }
  return 'de';
}
