// Attribute definitions (custom attributes and filter facets) and their options, labelled in all
// five languages. Every select value a product can get has an option here.
import { DIAMETERS, GLOVE_SIZES, LENGTHS, SHOE_SIZES, VOLTAGES, numValue } from './specs.ts';
import { BRANDS, CERTIFICATES, COLOURS, decimal, MATERIALS, mapL, same, SIZE_WORD, t, type L } from './vocabulary.ts';

export interface AttributeDef {
  code: string;
  type: 'select' | 'multiselect' | 'text' | 'number';
  labels: L;
  location: 'header' | 'details' | 'list';
  isFilterable: boolean;
  isHtml?: boolean;
  unit?: string;
}

export const ATTRIBUTE_DEFS: readonly AttributeDef[] = [
  {
    code: 'brand',
    type: 'select',
    location: 'header',
    isFilterable: true,
    labels: t('Marke', 'Brand', 'Marque', 'Marca', 'Marca'),
  },
  {
    code: 'manufacturer_number',
    type: 'text',
    location: 'header',
    isFilterable: false,
    labels: t(
      'Herstellernummer',
      'Manufacturer part number',
      'Référence fabricant',
      'Referencia del fabricante',
      'Codice produttore',
    ),
  },
  {
    code: 'voltage',
    type: 'select',
    location: 'list',
    isFilterable: true,
    unit: 'V',
    labels: t('Spannung', 'Voltage', 'Tension', 'Tensión', 'Tensione'),
  },
  {
    code: 'diameter',
    type: 'select',
    location: 'list',
    isFilterable: true,
    unit: 'mm',
    labels: t('Durchmesser', 'Diameter', 'Diamètre', 'Diámetro', 'Diametro'),
  },
  {
    code: 'length',
    type: 'select',
    location: 'details',
    isFilterable: true,
    unit: 'mm',
    labels: t('Länge', 'Length', 'Longueur', 'Longitud', 'Lunghezza'),
  },
  {
    code: 'size',
    type: 'select',
    location: 'details',
    isFilterable: true,
    labels: t('Größe', 'Size', 'Taille', 'Talla', 'Taglia'),
  },
  {
    code: 'colour',
    type: 'select',
    location: 'list',
    isFilterable: true,
    labels: t('Farbe', 'Colour', 'Couleur', 'Color', 'Colore'),
  },
  {
    code: 'material',
    type: 'select',
    location: 'details',
    isFilterable: true,
    labels: t('Material', 'Material', 'Matériau', 'Material', 'Materiale'),
  },
  {
    code: 'packaging_unit',
    type: 'number',
    location: 'list',
    isFilterable: false,
    labels: t(
      'Verpackungseinheit (Stück)',
      'Pack size (pieces)',
      'Conditionnement (pièces)',
      'Unidad de embalaje (piezas)',
      'Confezione (pezzi)',
    ),
  },
  {
    code: 'weight',
    type: 'number',
    location: 'details',
    isFilterable: false,
    unit: 'kg',
    labels: t('Gewicht', 'Weight', 'Poids', 'Peso', 'Peso'),
  },
  {
    code: 'certificate',
    type: 'multiselect',
    location: 'details',
    isFilterable: true,
    labels: t('Zertifikate', 'Certificates', 'Certificats', 'Certificados', 'Certificati'),
  },
  {
    code: 'datasheet',
    type: 'text',
    location: 'details',
    isFilterable: false,
    isHtml: true,
    labels: t('Datenblatt', 'Data sheet', 'Fiche technique', 'Ficha técnica', 'Scheda tecnica'),
  },
];

export interface OptionDef {
  attributeCode: string;
  value: string;
  labels: L;
  image: string | null;
  position: number;
}

const num = (n: number, unit: string, prefix = ''): L =>
  mapL(same(''), (_, l) => `${prefix}${n % 1 ? decimal(n, l) : n} ${unit}`);

export function buildAttributeOptions(): OptionDef[] {
  const out: OptionDef[] = [];
  const add = (attributeCode: string, entries: [string, L][], image?: (v: string) => string) =>
    entries.forEach(([value, labels], position) =>
      out.push({ attributeCode, value, labels, image: image ? image(value) : null, position }),
    );
  add(
    'brand',
    BRANDS.map(([v, name]) => [v, same(name)]),
  );
  add(
    'voltage',
    VOLTAGES.map((v) => [numValue(v), num(v, 'V')]),
  );
  add(
    'diameter',
    DIAMETERS.map((v) => [numValue(v), num(v, 'mm', 'Ø ')]),
  );
  add(
    'length',
    LENGTHS.map((v) => [numValue(v), num(v, 'mm')]),
  );
  add(
    'size',
    [...GLOVE_SIZES, ...SHOE_SIZES].map((v) => [v, mapL(SIZE_WORD, (w) => `${w} ${v}`)]),
  );
  add('colour', Object.entries(COLOURS));
  add('material', Object.entries(MATERIALS));
  add('certificate', Object.entries(CERTIFICATES), (v) => `/images/attr/${v}.svg`);
  return out;
}

/** The attribute setting block: which codes are filters, header and list attributes. */
export const ATTRIBUTE_SETTING = {
  filters: ['brand', 'voltage', 'diameter', 'length', 'size', 'colour', 'material', 'certificate'],
  header: ['brand', 'manufacturer_number'],
  list: ['voltage', 'diameter', 'colour', 'packaging_unit'],
};
