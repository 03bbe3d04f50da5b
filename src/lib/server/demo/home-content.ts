// The demo shop's home page blocks (hero, offers, new products, a recommendation row, selling points)
// per language, and the invoice setting (payment terms and bank account). Offers and new products
// name no SKUs and the recommendations a brand: the shop picks them from the catalogue, so they fit
// any demo size.
import type {
  HomeHeroConfig,
  HomeProductStripConfig,
  HomeRecommendationsConfig,
  HomeUspsConfig,
  InvoiceSetting,
} from '#lib/content/schemas.ts';
import { t, type Locale } from './vocabulary.ts';

const HERO = {
  headline: t(
    'Profi-Werkzeug für jede Baustelle',
    'Professional tools for every job site',
    'Des outils professionnels pour chaque chantier',
    'Herramientas profesionales para cada obra',
    'Utensili professionali per ogni cantiere',
  ),
  text: t(
    '{{productCount}} Artikel im Sortiment, Staffelpreise für Geschäftskunden und Lieferung in 1–2 Werktagen.',
    '{{productCount}} items in our range, tiered prices for business customers and delivery in 1–2 working days.',
    '{{productCount}} articles au catalogue, des prix dégressifs pour les professionnels et une livraison en 1 à 2 jours ouvrés.',
    '{{productCount}} artículos en catálogo, precios escalonados para empresas y entrega en 1–2 días laborables.',
    '{{productCount}} articoli a catalogo, prezzi a scaglioni per le aziende e consegna in 1–2 giorni lavorativi.',
  ),
  cta: t(
    'Elektrowerkzeuge entdecken',
    'Discover power tools',
    "Découvrir l'outillage électrique",
    'Descubrir herramientas eléctricas',
    'Scopri gli elettroutensili',
  ),
  alt: t('Bohrmaschine', 'Drill', 'Perceuse', 'Taladro', 'Trapano'),
};

const OFFERS_TITLE = t(
  'Aktuelle Angebote',
  'Current offers',
  'Offres du moment',
  'Ofertas actuales',
  'Offerte del momento',
);
/** A recommendation row by brand; its key is the German title's slug ("markenqualitaet-von-brandt-sohn"). */
const RECOMMENDATIONS_TITLE = t(
  'Markenqualität von Brandt & Sohn',
  'Quality by Brandt & Sohn',
  'La qualité Brandt & Sohn',
  'Calidad de Brandt & Sohn',
  'Qualità firmata Brandt & Sohn',
);
/** The brand by its label, its '&' written as %26 (a bare '&' would end the pair). */
const RECOMMENDATIONS_FILTER = 'brand=Brandt %26 Sohn';

const NEW_TITLE = t('Neu im Sortiment', 'New in our range', 'Nouveautés', 'Novedades', 'Novità');

const USPS: { icon: HomeUspsConfig['items'][number]['icon']; text: ReturnType<typeof t> }[] = [
  {
    icon: 'truck',
    text: t(
      'Versandkostenfrei ab {{freeShippingFrom}}',
      'Free shipping from {{freeShippingFrom}}',
      'Livraison gratuite dès {{freeShippingFrom}}',
      'Envío gratuito desde {{freeShippingFrom}}',
      'Spedizione gratuita da {{freeShippingFrom}}',
    ),
  },
  {
    icon: 'invoice',
    text: t(
      'Kauf auf Rechnung',
      'Pay by invoice',
      'Paiement sur facture',
      'Pago contra factura',
      'Pagamento con fattura',
    ),
  },
  {
    icon: 'stock',
    text: t(
      'Versand am selben Tag bis 14 Uhr',
      'Same-day dispatch until 2 pm',
      'Expédition le jour même avant 14 h',
      'Envío el mismo día hasta las 14:00',
      'Spedizione in giornata entro le 14',
    ),
  },
  {
    icon: 'support',
    text: t(
      'Fachberatung am Telefon',
      'Expert advice by phone',
      'Conseil expert par téléphone',
      'Asesoramiento experto por teléfono',
      'Consulenza esperta al telefono',
    ),
  },
];

/** The home blocks of one language, as content rows. */
export function homeRows(locale: Locale) {
  const hero: HomeHeroConfig = {
    image: '/images/c/drills.svg',
    imageAlt: HERO.alt[locale],
    headline: HERO.headline[locale],
    text: HERO.text[locale],
    cta: { label: HERO.cta[locale], url: 'c:werkzeuge/elektrowerkzeuge' },
  };
  const offers: HomeProductStripConfig = { title: OFFERS_TITLE[locale], skus: [], limit: 8 };
  const fresh: HomeProductStripConfig = { title: NEW_TITLE[locale], skus: [], limit: 8 };
  const recommendations: HomeRecommendationsConfig = {
    title: RECOMMENDATIONS_TITLE[locale],
    filter: RECOMMENDATIONS_FILTER,
    limit: 12,
  };
  const usps: HomeUspsConfig = { items: USPS.map((u) => ({ icon: u.icon, text: u.text[locale] })) };
  return [
    { type: 'block' as const, identifier: 'home-hero', locale, content: null, config: hero },
    { type: 'block' as const, identifier: 'home-offers', locale, content: null, config: offers },
    { type: 'block' as const, identifier: 'home-new', locale, content: null, config: fresh },
    { type: 'block' as const, identifier: 'home-recommendations', locale, content: null, config: recommendations },
    { type: 'block' as const, identifier: 'home-usps', locale, content: null, config: usps },
  ];
}

/** Demo bank details (a well-known example IBAN, not a real account). */
export const INVOICE_SETTING: InvoiceSetting = {
  dueDays: 14,
  accountHolder: 'ProTool Supply GmbH',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'COBADEFFXXX',
  bankName: 'Commerzbank',
};
