// Refusals answered before or instead of a page (429 over the request budget, 413 a form body over its
// limit): a page in the path's language built from the message file alone, so refusing costs next to
// nothing (no shell, no database) and can never fail on what it refuses.
import { classifyMiss, statusText } from '#lib/site/error-pages.ts';
import { localePath } from '#lib/site/paths.ts';
import { loadMessages } from '#lib/i18n/translate.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page for `status`, its title and text the messages `error.<reason>.title` and `error.<reason>.text`. */
export async function plainStatusPage(
  pathname: string,
  status: number,
  reason: 'tooManyRequests' | 'tooLarge',
  headers: Record<string, string> = {},
): Promise<Response> {
  const { locale } = classifyMiss(pathname);
  const messages = await loadMessages(locale);
  const title = escapeHtml(messages[`error.${reason}.title`]);
  const html =
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${title}</title></head><body><main><h1>${title}</h1>` +
    `<p>${escapeHtml(messages[`error.${reason}.text`])}</p>` +
    `<p><a href="${escapeHtml(localePath(locale, '/'))}">${escapeHtml(messages['error.returnHome'])}</a></p></main></body></html>`;
  return new Response(html, {
    status,
    statusText: statusText(status),
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}
