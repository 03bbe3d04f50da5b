// Where content may send a shopper, and where it may make the browser fetch from: the one rule for
// every content field that takes a link or a picture (schemas.ts builds those fields from here) and
// for the links and pictures of sanitized HTML. Editors and content-API tokens write content, and a
// picture or a head link on another host makes every page, the password and activation pages among
// them, call that host; a javascript: or data: link runs or shows whatever its author wrote.
// Plain functions, no schema library: the workspace words its issues with them in the browser.

/**
 * The kinds of rule a content field can break. An issue of one of them carries `params.rule`, so the
 * workspace can word it and the shop can leave out what content stored before a rule existed breaks.
 */
const CONTENT_RULES = ['link', 'pageLink', 'webLink', 'resource', 'metaName', 'linkRel'] as const;
export type ContentRule = (typeof CONTENT_RULES)[number];

/** The server's words for each rule (the workspace has its own in German and English). */
export const RULE_MESSAGES: Record<ContentRule, string> = {
  link: 'must be a site path such as /i/agb, c:… or i:…, or an https:, mailto: or tel: address',
  pageLink: 'must be a path on this site such as /register (or register) or an https:// address',
  webLink: 'must be an https:// address',
  resource: 'must be a site path such as /brand/logo.svg, or an https:// address on an allowed image host',
  metaName: 'is not a meta name the shop allows',
  linkRel: 'is not a link relation the shop allows',
};

/** Two origins no request can have: a path that resolves onto both stays on whatever site shows it. */
const PROBES = ['https://a.storefront.invalid', 'https://b.storefront.invalid'];

/**
 * Browsers drop tabs and line breaks inside a URL and trim its ends, so '/\t/evil' becomes '//evil'
 * and ' javascript:' a script: a link holds none of them (a space in a path is written %20).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
const INVISIBLE = /[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200f\u2028-\u202f\u205f\u3000\ufeff]/;

const parsed = (value: string, base?: string): URL | null => {
  try {
    return new URL(value, base);
  } catch {
    return null;
  }
};

/** A path on this site: one leading '/', and nothing a URL parser would turn into another host. */
export function isSitePath(value: string): boolean {
  if (INVISIBLE.test(value) || !/^\/(?![/\\])/.test(value)) return false;
  return PROBES.every((origin) => parsed(value, origin)?.origin === origin);
}

/** An https:// address with a host and no user name or password (https://shop.example@evil.example). */
export function httpsUrl(value: string): URL | null {
  if (INVISIBLE.test(value) || !/^https:\/\/[^/\\]/i.test(value)) return null;
  const url = parsed(value);
  return url && url.protocol === 'https:' && url.hostname !== '' && !url.username && !url.password ? url : null;
}

/** The content service's own targets: a category by slug path ('c:werkzeuge/bohren'), a content page ('i:agb'). */
const SHORTHAND = /^(?:c:[^/\\:\s][^\\\s]*|i:[a-z0-9][a-z0-9-]*)$/;
const MAILTO = /^mailto:[^\s@]+@[^\s@]+$/i;
const TEL = /^tel:\+?[0-9][0-9().-]*$/i;

/** A link a shopper follows (menus, footer, banners, home page, contact): see RULE_MESSAGES.link. */
export function isContentLink(value: string): boolean {
  return (
    SHORTHAND.test(value) ||
    isSitePath(value) ||
    httpsUrl(value) !== null ||
    (!INVISIBLE.test(value) && (MAILTO.test(value) || TEL.test(value)))
  );
}

/** A category or content page named by code (c:werkzeuge, i:agb), resolved where a page is rendered. */
export const isContentCode = (value: string): boolean => SHORTHAND.test(value);

/**
 * A link in content HTML: a category or content page by code, a site path, a place on the same page
 * (#section), or an https:, mailto: or tel: address.
 */
export const isHtmlLink = (value: string): boolean =>
  isContentCode(value) ||
  isSitePath(value) ||
  /^#[^\s]*$/.test(value) ||
  httpsUrl(value) !== null ||
  (!INVISIBLE.test(value) && (MAILTO.test(value) || TEL.test(value)));

/** A page of this site or of another https site (the external registration). */
/**
 * A page link as the spec takes it (the external registration): an https:// address, or else a path
 * on this site, a leading '/' implied ('register' is /register). Anything with a scheme of its own
 * (http:, javascript:) stays what it is, and so no page link.
 */
export function asPageLink(value: string): string {
  return httpsUrl(value) || /^[a-z][a-z0-9+.-]*:|^[/\\]/i.test(value) ? value : `/${value}`;
}

export const isPageLink = (value: string): boolean =>
  value !== '' && (isSitePath(asPageLink(value)) || httpsUrl(value) !== null);

/** A profile on another site (the footer's social links). */
export const isWebLink = (value: string): boolean => httpsUrl(value) !== null;

/**
 * Something the browser loads by itself (logo, favicon, head links, pictures): from this site, or
 * over https from a host the operator allowed (CONTENT_IMAGE_HOSTS), never from a host an editor names.
 */
export function isResource(value: string, hosts: readonly string[]): boolean {
  if (isSitePath(value)) return true;
  const url = httpsUrl(value);
  return url !== null && hosts.includes(url.hostname.toLowerCase());
}

/**
 * The head's extra meta tags (branding): names that describe the shop or verify it to a search
 * console, nothing that changes how the browser treats the page. Never `referrer` (it would send the
 * address of a password or activation page, token and all, to whatever the page loads), nor the
 * `viewport`, `robots` and `description` the shop writes per page; http-equiv is no field at all.
 */
export const META_NAMES = [
  'theme-color',
  'color-scheme',
  'author',
  'keywords',
  'application-name',
  'apple-mobile-web-app-title',
  'format-detection',
  'google-site-verification',
  'msvalidate.01',
  'yandex-verification',
  'facebook-domain-verification',
  'p:domain_verify',
] as const;

/** The head's extra links (branding): icons and the web app manifest, each loaded from where pictures may come from. */
export const LINK_RELS = ['icon', 'apple-touch-icon', 'mask-icon', 'manifest'] as const;

export const isMetaName = (value: string): boolean => (META_NAMES as readonly string[]).includes(value);
export const isLinkRel = (value: string): boolean => (LINK_RELS as readonly string[]).includes(value);

/** The rule an issue reports, when it is one of these. */
export function ruleOf(issue: { code: string; params?: Record<string, unknown> | undefined }): ContentRule | null {
  const rule = issue.code === 'custom' ? issue.params?.rule : undefined;
  return typeof rule === 'string' && (CONTENT_RULES as readonly string[]).includes(rule) ? (rule as ContentRule) : null;
}
