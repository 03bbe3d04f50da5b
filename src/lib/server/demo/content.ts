// Content service entries of the demo shop: menu, footer, banners, branding, locale and attribute
// settings and content pages. Every config is checked against its schema before it is stored.
import type { z } from 'astro/zod';
import { contentConfigSchemas, pageConfigSchema, type MenuEntry } from '#lib/content/schemas.ts';
import { ATTRIBUTE_SETTING } from './attributes.ts';
import { buildCategories, type CategoryRow } from './categories.ts';
import { CONTENT_PAGES } from './pages.ts';
import { INVOICE_SETTING, homeRows } from './home-content.ts';
import { FULFILMENT_SETTING } from './shop.ts';
import { LOCALES, t, type L, type Locale } from './vocabulary.ts';

export interface ContentRow {
  type: 'block' | 'setting' | 'page';
  identifier: string;
  locale: string;
  content: string | null;
  config: unknown;
}

const titles = (text: L): MenuEntry['titles'] => LOCALES.map((locale) => ({ locale, title: text[locale] }));

function categoryMenu(rows: CategoryRow[]): MenuEntry[] {
  const children = (id: number) => rows.filter((r) => r.parentId === id);
  const entry = (c: CategoryRow): MenuEntry => {
    const kids = children(c.id);
    return {
      kind: kids.length ? 'dropdown' : 'link',
      titles: titles(c.names),
      url: `c:${c.slugPaths.de}`,
      visibility: 'all',
      ...(kids.length ? { children: kids.map(entry) } : {}),
      // The accessories open in a sidebar on mobile.
      ...(c.key === 'accessories' ? { sidebar: true } : {}),
    };
  };
  return rows.filter((r) => r.depth === 0).map(entry);
}

const PAGE_TITLES: Record<string, L> = Object.fromEntries(CONTENT_PAGES.map((p) => [p.identifier, p.menuTitle]));
/** The top banner links the shipping page, written into its HTML at its slug in each language. */
const SHIPPING_PAGE = CONTENT_PAGES.find((p) => p.identifier === 'versand')!;

function menuConfig(rows: CategoryRow[]) {
  const page = (id: string, visibility: MenuEntry['visibility'], group?: string): MenuEntry => ({
    kind: 'link',
    titles: titles(PAGE_TITLES[id] as L),
    url: `i:${id}`,
    visibility,
    ...(group ? { group } : {}),
  });
  return {
    entries: [
      {
        kind: 'container',
        titles: titles(t('Sortiment', 'Products', 'Produits', 'Productos', 'Prodotti')),
        visibility: 'all',
        children: categoryMenu(rows),
      },
      {
        kind: 'dropdown',
        titles: titles(t('Service', 'Service', 'Service', 'Servicio', 'Assistenza')),
        visibility: 'all',
        // Group names are shown verbatim (the schema has no per-locale group titles): words every locale reads.
        children: [
          page('versand', 'all', 'Service'),
          page('kontakt', 'all', 'Service'),
          page('agb', 'all', 'Info'),
          page('impressum', 'all', 'Info'),
        ],
      },
      // Desktop only: the mobile menu reaches the same category through the product range.
      {
        kind: 'link',
        titles: titles(t('Profi-Angebote', 'Pro deals', 'Offres pro', 'Ofertas profesionales', 'Offerte pro')),
        url: 'c:werkzeuge/elektrowerkzeuge',
        visibility: 'desktop',
      },
      page('agb', 'mobile'),
      page('kontakt', 'mobile'),
    ] satisfies MenuEntry[],
  };
}

const FOOTER_HEADERS: Record<'service' | 'range' | 'legal', L> = {
  service: t('Service', 'Customer service', 'Service client', 'Atención al cliente', 'Servizio clienti'),
  range: t('Sortiment', 'Product range', 'Gamme', 'Gama de productos', 'Gamma'),
  legal: t('Rechtliches', 'Legal', 'Mentions légales', 'Aviso legal', 'Note legali'),
};
const ACCOUNT = t('Mein Konto', 'My account', 'Mon compte', 'Mi cuenta', 'Il mio account');

/** Footer rows are per locale, so category links are plain paths in that locale's slugs (unprefixed:
 * the link resolver adds the locale prefix); menu links use the 'c:{German slug path}' convention. */
function footerConfig(locale: Locale, rows: CategoryRow[]) {
  const pageItem = (id: string) => ({ label: (PAGE_TITLES[id] as L)[locale], url: `i:${id}` });
  return {
    columns: [
      {
        header: FOOTER_HEADERS.service[locale],
        items: [pageItem('kontakt'), pageItem('versand'), { label: ACCOUNT[locale], url: '/my-account' }],
      },
      {
        header: FOOTER_HEADERS.range[locale],
        items: rows
          .filter((r) => r.depth === 0)
          .map((r) => ({ label: r.names[locale], url: `/c/${r.slugPaths[locale]}` })),
      },
      { header: FOOTER_HEADERS.legal[locale], items: [pageItem('agb'), pageItem('impressum')] },
    ],
    social: [
      { href: 'https://www.linkedin.com/company/example', icon: 'linkedin' },
      { href: 'https://www.youtube.com/@example', icon: 'youtube' },
      { href: 'https://www.xing.com/pages/example', icon: 'xing' },
      { href: 'https://www.instagram.com/example', icon: 'instagram' },
    ],
  };
}

const TOP_BANNER: Record<Locale, (href: string) => string> = {
  de: (h) => `<p>Versandkostenfrei ab {{freeShippingFrom}} Bestellwert – <a href="${h}">Details</a></p>`,
  en: (h) => `<p>Free shipping on orders from {{freeShippingFrom}} – <a href="${h}">details</a></p>`,
  fr: (h) => `<p>Livraison gratuite dès {{freeShippingFrom}} d'achat – <a href="${h}">détails</a></p>`,
  es: (h) => `<p>Envío gratuito a partir de {{freeShippingFrom}} – <a href="${h}">detalles</a></p>`,
  it: (h) => `<p>Spedizione gratuita da {{freeShippingFrom}} – <a href="${h}">dettagli</a></p>`,
};
const NOTIFICATION = t(
  '<p><strong>Neu:</strong> Kauf auf Rechnung mit {{invoiceDueDays}} Tagen Zahlungsziel.</p>',
  '<p><strong>New:</strong> pay by invoice, due within {{invoiceDueDays}} days.</p>',
  '<p><strong>Nouveau :</strong> paiement sur facture à {{invoiceDueDays}} jours.</p>',
  '<p><strong>Novedad:</strong> pago contra factura a {{invoiceDueDays}} días.</p>',
  '<p><strong>Novità:</strong> pagamento con fattura a {{invoiceDueDays}} giorni.</p>',
);
const CART_HEADER = t(
  '<p>Bestellungen, die werktags bis 14 Uhr eingehen, versenden wir noch am selben Tag.</p>',
  '<p>Orders received by 2 pm on working days ship the same day.</p>',
  '<p>Les commandes passées avant 14 h les jours ouvrés sont expédiées le jour même.</p>',
  '<p>Los pedidos recibidos antes de las 14:00 en días laborables se envían el mismo día.</p>',
  '<p>Gli ordini ricevuti entro le 14 nei giorni lavorativi partono il giorno stesso.</p>',
);

/** The tagline under the home title and the home page's meta description, per locale. */
const TAGLINE = t(
  'ProTool Supply – Werkzeuge, Befestigungstechnik und Werkstattausstattung für Profis.',
  'ProTool Supply – tools, fixings and workshop equipment for professionals.',
  "ProTool Supply – outillage, fixations et équipement d'atelier pour les professionnels.",
  'ProTool Supply – herramientas, fijaciones y equipamiento de taller para profesionales.',
  'ProTool Supply – utensili, sistemi di fissaggio e attrezzature da officina per professionisti.',
);

/** The slogan after the shop's name in the home page's title (with it at most 60 characters), per locale. */
const SLOGAN = t(
  'Werkzeug und Befestigung für Profis',
  'Tools and fixings for professionals',
  'Outillage et fixations pour les pros',
  'Herramientas y fijaciones profesionales',
  'Utensili e fissaggi per professionisti',
);

const BRANDING = {
  logo: '/brand/logo.svg',
  title: 'ProTool Supply',
  description: TAGLINE.de,
  descriptions: TAGLINE,
  slogans: SLOGAN,
  favicon: '/brand/favicon.svg',
  meta: [{ name: 'theme-color', content: '#0a5cad' }],
  links: [],
  currencies: ['EUR', 'GBP', 'USD'],
  flags: {
    isPriceForGuestEnabled: true,
    isPricesLazyLoadEnabled: true,
    displayItemnum: true,
    isRegistrationEnabled: true,
    isCheckoutRegistrationEnabled: true,
    isGuestUserEnabled: true,
    isMyItemsViewEnabled: true,
    displayMyItemLink: true,
    company: 'optional',
    leaveMenuTimeout: 1000,
    isSortingEnabled: true,
    isOrderHistoryEnabled: true,
    isCategoryBreadcrumbsEnabled: true,
    orderReference: true,
    filterView: 'sidebar',
    contactUsLink: '/i/kontakt',
  },
};

const LOCALE_SETTING = {
  messages: {
    de: { 'header.searchPlaceholder': 'Suche nach Artikelnummer, SKU oder Name' },
    en: { 'header.searchPlaceholder': 'Search by item number, SKU or name' },
  },
};

/** Every content row, validated: a config that does not parse throws here, not in the shop. */
export function buildContentRows(): ContentRow[] {
  const cats = buildCategories();
  const rows: ContentRow[] = [
    { type: 'block', identifier: 'menu', locale: '', content: null, config: menuConfig(cats) },
    { type: 'setting', identifier: 'branding', locale: '', content: null, config: BRANDING },
    { type: 'setting', identifier: 'locale', locale: '', content: null, config: LOCALE_SETTING },
    { type: 'setting', identifier: 'attributes', locale: '', content: null, config: ATTRIBUTE_SETTING },
    { type: 'setting', identifier: 'invoice', locale: '', content: null, config: INVOICE_SETTING },
    { type: 'setting', identifier: 'fulfilment', locale: '', content: null, config: FULFILMENT_SETTING },
  ];
  for (const locale of LOCALES) {
    rows.push(
      { type: 'block', identifier: 'footer', locale, content: null, config: footerConfig(locale, cats) },
      {
        type: 'block',
        identifier: 'top-banner',
        locale,
        // By code: each language's banner links that language's shipping page.
        content: TOP_BANNER[locale](`i:${SHIPPING_PAGE.identifier}`),
        config: { backgroundColor: '#0a5cad' },
      },
      {
        type: 'block',
        identifier: 'notification-bar',
        locale,
        content: NOTIFICATION[locale],
        config: { backgroundColor: '#fff4e5', iconColor: '#b45309' },
      },
      { type: 'block', identifier: 'cart-header', locale, content: CART_HEADER[locale], config: {} },
      ...homeRows(locale),
    );
    for (const page of CONTENT_PAGES) {
      rows.push({
        type: 'page',
        identifier: page.identifier,
        locale,
        content: page.content[locale],
        config: { title: page.title[locale], description: page.description[locale], slug: page.slug[locale] },
      });
    }
  }
  for (const row of rows) contentSchemaFor(row).parse(row.config);
  return rows;
}

/** The schema a row's config must satisfy. */
function contentSchemaFor(row: Pick<ContentRow, 'type' | 'identifier'>): z.ZodType {
  if (row.type === 'page') return pageConfigSchema;
  const schema = (contentConfigSchemas as Record<string, z.ZodType>)[`${row.type}:${row.identifier}`];
  if (!schema) throw new Error(`no config schema for ${row.type}:${row.identifier}`);
  return schema;
}
