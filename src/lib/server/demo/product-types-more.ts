// Leaf profiles for measuring tools, fasteners and accessories (see product-types.ts).
import type { LeafProfile } from './leaf-profile.ts';
import * as S from './specs.ts';
import { t } from './vocabulary.ts';

type P = Omit<LeafProfile, 'colours' | 'certificates'> & Partial<Pick<LeafProfile, 'colours' | 'certificates'>>;
const p = (x: P): LeafProfile => ({ colours: [], certificates: ['ce'], ...x });
const FASTENER_USE = t('für sichere Verbindungen im Holz-, Metall- und Montagebau', 'for secure joints in timber, metal and assembly work', 'pour des assemblages sûrs en bois, métal et montage', 'para uniones seguras en madera, metal y montaje', 'per giunzioni sicure in legno, metallo e montaggio');

export const MORE_PROFILES_A: Record<string, LeafProfile> = {
  'spirit-levels': p({
    prefix: 'WWA', pictogram: 'level', price: [14, 189], weight: [0.3, 2.5], spec: S.mm('length', [400, 600, 800, 1000, 1200, 1500, 2000]),
    types: [
      t('Wasserwaage', 'Spirit level', 'Niveau à bulle', 'Nivel de burbuja', 'Livella a bolla'),
      t('Digitale Wasserwaage', 'Digital spirit level', 'Niveau électronique', 'Nivel digital', 'Livella digitale'),
    ],
    usage: t('zum exakten Ausrichten waagerecht und senkrecht', 'for exact horizontal and vertical alignment', "pour un alignement exact à l'horizontale et à la verticale", 'para nivelar con exactitud en horizontal y vertical', 'per allineare con precisione in orizzontale e in verticale'),
    materials: ['aluminium'], colours: ['yellow', 'red', 'silver', 'blue'], certificates: ['din'],
  }),
  calipers: p({
    prefix: 'MSS', pictogram: 'caliper', price: [19, 249], weight: [0.15, 0.6], spec: S.mm('length', [150, 200, 300]),
    types: [
      t('Messschieber', 'Vernier caliper', 'Pied à coulisse', 'Calibre', 'Calibro'),
      t('Digital-Messschieber', 'Digital caliper', 'Pied à coulisse numérique', 'Calibre digital', 'Calibro digitale'),
      t('Tiefenmessschieber', 'Depth caliper', 'Jauge de profondeur', 'Calibre de profundidad', 'Calibro di profondità'),
    ],
    usage: t('für genaue Innen-, Außen- und Tiefenmessungen', 'for precise inside, outside and depth measurements', 'pour des mesures intérieures, extérieures et de profondeur précises', 'para mediciones interiores, exteriores y de profundidad precisas', 'per misure precise interne, esterne e di profondità'),
    materials: ['stainless-a2'], colours: ['silver'], certificates: ['din', 'iso9001'], included: ['ZB-1814', 'ZB-1817'],
  }),
  'laser-meters': p({
    prefix: 'LEM', pictogram: 'laser', price: [49, 899], weight: [0.1, 1.6], spec: S.model(['LD', 'LX', 'RL'], [30, 50, 80, 100, 150]),
    types: [
      t('Laser-Entfernungsmesser', 'Laser distance meter', 'Télémètre laser', 'Medidor láser de distancias', 'Misuratore laser di distanza'),
      t('Kreuzlinienlaser', 'Cross-line laser', 'Laser à lignes croisées', 'Láser de líneas cruzadas', 'Livella laser a linee incrociate'),
      t('Rotationslaser', 'Rotary laser', 'Laser rotatif', 'Láser rotativo', 'Livella laser rotante'),
    ],
    usage: t('für schnelles Messen und Nivellieren auf der Baustelle', 'for fast measuring and levelling on site', 'pour mesurer et niveler rapidement sur chantier', 'para medir y nivelar rápidamente en obra', 'per misurare e livellare rapidamente in cantiere'),
    materials: ['plastic'], colours: ['green', 'red', 'yellow'], certificates: ['ce', 'tuev'],
    included: ['ZB-1814', 'ZB-1817', 'ZB-1803', 'ZB-1811'],
  }),
  'wood-screws': p({
    prefix: 'HSR', pictogram: 'screw', price: [4, 59], weight: [0.2, 4], spec: S.woodScrew(), usage: FASTENER_USE,
    types: [
      t('Spanplattenschraube', 'Chipboard screw', 'Vis pour aggloméré', 'Tornillo para aglomerado', 'Vite per truciolare'),
      t('Terrassenschraube', 'Decking screw', 'Vis de terrasse', 'Tornillo para tarima', 'Vite per decking'),
      t('Konstruktionsschraube', 'Construction screw', 'Vis de construction', 'Tornillo estructural', 'Vite strutturale'),
    ],
    materials: ['galvanised', 'stainless-a2', 'stainless-a4'], certificates: ['din', 'ce'],
  }),
  'machine-screws': p({
    prefix: 'MSR', pictogram: 'screw', price: [3, 79], weight: [0.2, 5], spec: S.metricScrew(), usage: FASTENER_USE,
    types: [
      t('Sechskantschraube', 'Hexagon bolt', 'Vis à tête hexagonale', 'Tornillo hexagonal', 'Vite a testa esagonale'),
      t('Zylinderschraube mit Innensechskant', 'Socket head cap screw', 'Vis à tête cylindrique à six pans creux', 'Tornillo Allen de cabeza cilíndrica', 'Vite a testa cilindrica con esagono incassato'),
      t('Senkschraube', 'Countersunk screw', 'Vis à tête fraisée', 'Tornillo avellanado', 'Vite a testa svasata'),
    ],
    materials: ['galvanised', 'stainless-a2', 'stainless-a4', 'steel'], certificates: ['din', 'iso9001'],
  }),
  'sheet-metal-screws': p({
    prefix: 'BSR', pictogram: 'screw', price: [3, 39], weight: [0.1, 2], spec: S.woodScrew(), usage: FASTENER_USE,
    types: [
      t('Blechschraube', 'Self-tapping screw', 'Vis autotaraudeuse', 'Tornillo autorroscante', 'Vite autofilettante'),
      t('Bohrschraube', 'Self-drilling screw', 'Vis autoperceuse', 'Tornillo autoperforante', 'Vite autoperforante'),
    ],
    materials: ['galvanised', 'stainless-a2'], certificates: ['din'],
  }),
  'nuts-washers': p({
    prefix: 'MUS', pictogram: 'nut', price: [2, 29], weight: [0.1, 2], spec: S.metric([3, 4, 5, 6, 8, 10, 12, 16]), usage: FASTENER_USE,
    types: [
      t('Sechskantmutter', 'Hexagon nut', 'Écrou hexagonal', 'Tuerca hexagonal', 'Dado esagonale'),
      t('Sicherungsmutter', 'Lock nut', 'Écrou frein', 'Tuerca autoblocante', 'Dado autobloccante'),
      t('Unterlegscheibe', 'Flat washer', 'Rondelle plate', 'Arandela plana', 'Rondella piana'),
      t('Federring', 'Spring washer', 'Rondelle élastique', 'Arandela elástica', 'Rondella elastica'),
    ],
    materials: ['galvanised', 'stainless-a2', 'stainless-a4', 'brass'], certificates: ['din'],
  }),
  'wall-plugs': p({
    prefix: 'DUE', pictogram: 'plug', price: [3, 49], weight: [0.05, 1.5], spec: S.plug(),
    types: [
      t('Spreizdübel', 'Expansion plug', 'Cheville à expansion', 'Taco de expansión', 'Tassello ad espansione'),
      t('Universaldübel', 'Universal plug', 'Cheville universelle', 'Taco universal', 'Tassello universale'),
      t('Hohlraumdübel', 'Cavity anchor', 'Cheville pour corps creux', 'Taco para huecos', 'Tassello per cavità'),
      t('Schwerlastanker', 'Heavy-duty anchor', 'Cheville lourde', 'Anclaje de carga pesada', 'Ancorante per carichi pesanti'),
    ],
    usage: t('für feste Verankerung in Beton, Mauerwerk und Gipskarton', 'for firm anchoring in concrete, masonry and plasterboard', 'pour un ancrage solide dans le béton, la maçonnerie et le placo', 'para un anclaje firme en hormigón, mampostería y pladur', 'per un ancoraggio saldo in calcestruzzo, muratura e cartongesso'),
    materials: ['polyamide', 'galvanised'], colours: ['grey', 'red', 'orange'], certificates: ['ce', 'din'],
  }),
  rivets: p({
    prefix: 'NIE', pictogram: 'rivet', price: [6, 69], weight: [0.1, 1.5], spec: S.rivet(), usage: FASTENER_USE,
    types: [
      t('Blindniet', 'Blind rivet', 'Rivet aveugle', 'Remache ciego', 'Rivetto a strappo'),
      t('Blindnietmutter', 'Blind rivet nut', 'Écrou à sertir', 'Tuerca remachable', 'Inserto filettato'),
    ],
    materials: ['aluminium', 'stainless-a2', 'steel'], certificates: ['din'],
  }),
};
