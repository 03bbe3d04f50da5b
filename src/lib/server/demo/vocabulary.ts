// Word lists and text building blocks for the demo catalogue, in all five shop languages.
import { LOCALES, type Locale } from '#lib/i18n/locales.ts';

export { LOCALES, type Locale };

/** A text in every shop language. */
export type L = Record<Locale, string>;

export function t(de: string, en: string, fr: string, es: string, it: string): L {
  return { de, en, fr, es, it };
}

/** The same text in every language (brand names, norms, numbers with units). */
export function same(text: string): L {
  return t(text, text, text, text, text);
}

export { slugify } from '#lib/catalog/slug.ts';

export function mapL(text: L, fn: (value: string, locale: Locale) => string): L {
  return Object.fromEntries(LOCALES.map((l) => [l, fn(text[l], l)])) as L;
}

/** A decimal in the locale's style: 4.0 in English, 4,0 elsewhere. */
export function decimal(value: number, locale: Locale, digits = 1): string {
  const text = value.toFixed(digits);
  return locale === 'en' ? text : text.replace('.', ',');
}

/** Fictional brands: option value → display name. */
export const BRANDS: readonly (readonly [string, string])[] = [
  ['protool', 'ProTool'],
  ['ferrox', 'Ferrox'],
  ['nordstahl', 'Nordstahl'],
  ['voltara', 'Voltara'],
  ['brandt-sohn', 'Brandt & Sohn'],
  ['alpenwerk', 'Alpenwerk'],
  ['tecnoforza', 'Tecnoforza'],
  ['outilia', 'Outilia'],
  ['herrera', 'Herrera Tools'],
  ['kestrel', 'Kestrel'],
];

export const COLOURS: Record<string, L> = {
  black: t('Schwarz', 'Black', 'Noir', 'Negro', 'Nero'),
  red: t('Rot', 'Red', 'Rouge', 'Rojo', 'Rosso'),
  blue: t('Blau', 'Blue', 'Bleu', 'Azul', 'Blu'),
  yellow: t('Gelb', 'Yellow', 'Jaune', 'Amarillo', 'Giallo'),
  green: t('Grün', 'Green', 'Vert', 'Verde', 'Verde'),
  grey: t('Grau', 'Grey', 'Gris', 'Gris', 'Grigio'),
  orange: t('Orange', 'Orange', 'Orange', 'Naranja', 'Arancione'),
  silver: t('Silber', 'Silver', 'Argent', 'Plateado', 'Argento'),
  anthracite: t('Anthrazit', 'Anthracite', 'Anthracite', 'Antracita', 'Antracite'),
  clear: t('Klar', 'Clear', 'Incolore', 'Transparente', 'Trasparente'),
};

/** Hex tones used by the image generator for each colour value. */
export const COLOUR_HEX: Record<string, string> = {
  black: '#2b2d31',
  red: '#c8372d',
  blue: '#1f5fa8',
  yellow: '#e8b416',
  green: '#2e8b57',
  grey: '#7b8088',
  orange: '#e0701b',
  silver: '#b8bec6',
  anthracite: '#3d4249',
  clear: '#cfe6f2',
};

export const MATERIALS: Record<string, L> = {
  steel: t('Stahl', 'Steel', 'Acier', 'Acero', 'Acciaio'),
  'stainless-a2': t(
    'Edelstahl A2',
    'Stainless steel A2',
    'Acier inoxydable A2',
    'Acero inoxidable A2',
    'Acciaio inox A2',
  ),
  'stainless-a4': t(
    'Edelstahl A4',
    'Stainless steel A4',
    'Acier inoxydable A4',
    'Acero inoxidable A4',
    'Acciaio inox A4',
  ),
  galvanised: t('Stahl verzinkt', 'Galvanised steel', 'Acier zingué', 'Acero galvanizado', 'Acciaio zincato'),
  aluminium: t('Aluminium', 'Aluminium', 'Aluminium', 'Aluminio', 'Alluminio'),
  plastic: t('Kunststoff', 'Plastic', 'Plastique', 'Plástico', 'Plastica'),
  nitrile: t('Nitril', 'Nitrile', 'Nitrile', 'Nitrilo', 'Nitrile'),
  leather: t('Leder', 'Leather', 'Cuir', 'Cuero', 'Pelle'),
  brass: t('Messing', 'Brass', 'Laiton', 'Latón', 'Ottone'),
  carbide: t('Hartmetall', 'Tungsten carbide', 'Carbure de tungstène', 'Metal duro', 'Metallo duro'),
  hss: t('HSS-Stahl', 'HSS steel', 'Acier HSS', 'Acero HSS', 'Acciaio HSS'),
  'chrome-vanadium': t('Chrom-Vanadium', 'Chrome vanadium', 'Chrome-vanadium', 'Cromo-vanadio', 'Cromo-vanadio'),
  polyamide: t('Polyamid', 'Polyamide', 'Polyamide', 'Poliamida', 'Poliammide'),
  polycarbonate: t('Polycarbonat', 'Polycarbonate', 'Polycarbonate', 'Policarbonato', 'Policarbonato'),
  beech: t('Buchenholz', 'Beech wood', 'Bois de hêtre', 'Madera de haya', 'Legno di faggio'),
  rubber: t('Gummi', 'Rubber', 'Caoutchouc', 'Caucho', 'Gomma'),
  corundum: t('Korund', 'Corundum', 'Corindon', 'Corindón', 'Corindone'),
};

export const CERTIFICATES: Record<string, L> = {
  ce: same('CE'),
  gs: t(
    'GS – Geprüfte Sicherheit',
    'GS – tested safety',
    'GS – sécurité contrôlée',
    'GS – seguridad comprobada',
    'GS – sicurezza verificata',
  ),
  tuev: t('TÜV-geprüft', 'TÜV tested', 'Contrôlé TÜV', 'Certificado TÜV', 'Certificato TÜV'),
  iso9001: same('ISO 9001'),
  en388: same('EN 388'),
  en166: same('EN 166'),
  en20345: same('EN ISO 20345'),
  din: same('DIN'),
  vde: same('VDE'),
  en352: same('EN 352'),
};

/** Items that ship in the box: itemnum → names. */
export const INCLUDED_ITEMS: Record<string, L> = {
  'ZB-1801': t(
    'Akku 18 V 4,0 Ah',
    '18 V 4.0 Ah battery',
    'Batterie 18 V 4,0 Ah',
    'Batería 18 V 4,0 Ah',
    'Batteria 18 V 4,0 Ah',
  ),
  'ZB-1802': t('Schnellladegerät', 'Fast charger', 'Chargeur rapide', 'Cargador rápido', 'Caricabatterie rapido'),
  'ZB-1803': t(
    'Transportkoffer',
    'Carrying case',
    'Coffret de transport',
    'Maletín de transporte',
    'Valigetta di trasporto',
  ),
  'ZB-1804': t(
    'Zusatzhandgriff',
    'Auxiliary handle',
    'Poignée auxiliaire',
    'Empuñadura auxiliar',
    'Impugnatura supplementare',
  ),
  'ZB-1805': t('Tiefenanschlag', 'Depth stop', 'Butée de profondeur', 'Tope de profundidad', 'Asta di profondità'),
  'ZB-1806': t('Gürtelclip', 'Belt clip', 'Clip de ceinture', 'Clip para cinturón', 'Clip da cintura'),
  'ZB-1807': t('Bithalter', 'Bit holder', 'Porte-embout', 'Portapuntas', 'Portainserti'),
  'ZB-1808': t('Schutzhaube', 'Wheel guard', 'Carter de protection', 'Protector de disco', 'Cuffia di protezione'),
  'ZB-1809': t('Zweilochschlüssel', 'Pin spanner', 'Clé à ergots', 'Llave de dos pivotes', 'Chiave a perni'),
  'ZB-1810': t('Sägeblatt', 'Saw blade', 'Lame de scie', 'Hoja de sierra', 'Lama per sega'),
  'ZB-1811': t(
    'Bedienungsanleitung',
    'Operating manual',
    "Notice d'utilisation",
    'Manual de instrucciones',
    "Manuale d'uso",
  ),
  'ZB-1812': t('Wandhalterung', 'Wall bracket', 'Support mural', 'Soporte de pared', 'Staffa a muro'),
  'ZB-1813': t('Montageset', 'Mounting kit', 'Kit de montage', 'Kit de montaje', 'Kit di montaggio'),
  'ZB-1814': t('Aufbewahrungstasche', 'Storage pouch', 'Pochette de rangement', 'Funda de almacenamiento', 'Custodia'),
  'ZB-1815': t(
    'Spiralschlauch 5 m',
    '5 m coiled hose',
    'Tuyau spiralé 5 m',
    'Manguera espiral 5 m',
    'Tubo a spirale 5 m',
  ),
  'ZB-1816': t(
    'Schutzkappen',
    'Protective caps',
    'Capuchons de protection',
    'Tapones protectores',
    'Cappucci protettivi',
  ),
  'ZB-1817': t('Batterien (2 × AAA)', 'Batteries (2 × AAA)', 'Piles (2 × AAA)', 'Pilas (2 × AAA)', 'Pile (2 × AAA)'),
  'ZB-1818': t('Schlüsselsatz', 'Key set', 'Jeu de clés', 'Juego de llaves', 'Set di chiavi'),
};

/** Short selling points, combined at random into descriptions. */
export const SELLING_POINTS: readonly L[] = [
  t(
    'robust und langlebig für den täglichen Einsatz',
    'rugged and durable for daily use',
    'robuste et durable pour un usage quotidien',
    'robusto y duradero para el uso diario',
    "robusto e durevole per l'uso quotidiano",
  ),
  t(
    'ergonomisch geformt für ermüdungsarmes Arbeiten',
    'ergonomically shaped for fatigue-free work',
    'de forme ergonomique pour travailler sans fatigue',
    'de forma ergonómica para trabajar sin fatiga',
    'di forma ergonomica per lavorare senza affaticarsi',
  ),
  t(
    'präzise gefertigt nach Industriestandard',
    'precision-made to industrial standards',
    'fabriqué avec précision selon les normes industrielles',
    'fabricado con precisión según normas industriales',
    'realizzato con precisione secondo standard industriali',
  ),
  t(
    'bewährt in Werkstatt, Montage und auf der Baustelle',
    'proven in the workshop, in assembly and on site',
    'éprouvé en atelier, en montage et sur chantier',
    'probado en el taller, en el montaje y en obra',
    'collaudato in officina, nel montaggio e in cantiere',
  ),
  t(
    'einfach zu reinigen und wartungsarm',
    'easy to clean and low-maintenance',
    "facile à nettoyer et nécessitant peu d'entretien",
    'fácil de limpiar y de bajo mantenimiento',
    'facile da pulire e a bassa manutenzione',
  ),
  t(
    'ideal für Profis aus Handwerk und Industrie',
    'ideal for professionals in trade and industry',
    "idéal pour les professionnels de l'artisanat et de l'industrie",
    'ideal para profesionales de la artesanía y la industria',
    "ideale per i professionisti dell'artigianato e dell'industria",
  ),
];

/** One short HTML description in the given language. */
export function describe(
  locale: Locale,
  p: { name: string; brand: string; usage: string; material: string; points: string[] },
): string {
  const points = p.points.join(
    locale === 'de' ? ' und ' : locale === 'en' ? ' and ' : locale === 'fr' ? ' et ' : locale === 'es' ? ' y ' : ' e ',
  );
  switch (locale) {
    case 'de':
      return `<p>${p.name} von ${p.brand} – ${p.usage}. Das Produkt ist ${points}.</p><p>Material: ${p.material}.</p>`;
    case 'en':
      return `<p>${p.name} by ${p.brand} – ${p.usage}. This product is ${points}.</p><p>Material: ${p.material}.</p>`;
    case 'fr':
      return `<p>${p.name} ${/^[aeiouh]/i.test(p.brand) ? `d'${p.brand}` : `de ${p.brand}`} – ${p.usage}. Ce produit est ${points}.</p><p>Matériau : ${p.material}.</p>`;
    case 'es':
      return `<p>${p.name} de ${p.brand}: ${p.usage}. Este producto es ${points}.</p><p>Material: ${p.material}.</p>`;
    case 'it':
      return `<p>${p.name} di ${p.brand} – ${p.usage}. Questo prodotto è ${points}.</p><p>Materiale: ${p.material}.</p>`;
  }
}

/** "Size 9" etc. for size option labels. */
export const SIZE_WORD = t('Größe', 'Size', 'Taille', 'Talla', 'Taglia');
