// Leaf profiles for workshop equipment: benches, trolleys, shelving, boxes, vices (see product-types.ts).
import type { LeafProfile } from './leaf-profile.ts';
import * as S from './specs.ts';
import { t } from './vocabulary.ts';
import { profile as p } from './leaf-profile-defaults.ts';

const WORKSHOP_USE = t(
  'für eine aufgeräumte und effiziente Werkstatt',
  'for a tidy, efficient workshop',
  'pour un atelier ordonné et efficace',
  'para un taller ordenado y eficiente',
  "per un'officina ordinata ed efficiente",
);

export const WORKSHOP_PROFILES: Record<string, LeafProfile> = {
  workbenches: p({
    prefix: 'WBK',
    pictogram: 'bench',
    price: [189, 1490],
    weight: [35, 120],
    spec: S.mm('length', [1200, 1500, 2000]),
    usage: WORKSHOP_USE,
    types: [
      t('Werkbank', 'Workbench', 'Établi', 'Banco de trabajo', 'Banco da lavoro'),
      t('Packtisch', 'Packing table', "Table d'emballage", 'Mesa de embalaje', 'Tavolo da imballaggio'),
      t('Montagetisch', 'Assembly table', 'Table de montage', 'Mesa de montaje', 'Tavolo di montaggio'),
    ],
    materials: ['beech', 'steel'],
    colours: ['grey', 'blue', 'anthracite'],
    certificates: ['gs'],
    variant: { code: 'colour', values: ['grey', 'blue', 'anthracite'] },
    included: ['ZB-1813', 'ZB-1811'],
  }),
  'tool-trolleys': p({
    prefix: 'WZW',
    pictogram: 'trolley',
    price: [249, 1890],
    weight: [40, 140],
    spec: S.model(['Pro', 'Compact', 'XL'], [5, 6, 7, 8]),
    usage: WORKSHOP_USE,
    types: [
      t('Werkzeugwagen', 'Tool trolley', "Servante d'atelier", 'Carro de herramientas', 'Carrello portautensili'),
      t('Montagewagen', 'Assembly trolley', 'Chariot de montage', 'Carro de montaje', 'Carrello di montaggio'),
    ],
    materials: ['steel'],
    colours: ['red', 'blue', 'anthracite', 'black'],
    certificates: ['gs'],
    variant: { code: 'colour', values: ['red', 'blue', 'anthracite', 'black'] },
    included: ['ZB-1818', 'ZB-1811'],
  }),
  shelving: p({
    prefix: 'REG',
    pictogram: 'shelf',
    price: [59, 690],
    weight: [15, 90],
    spec: S.mm('length', [800, 1000, 1200, 1500, 2000]),
    usage: WORKSHOP_USE,
    types: [
      t(
        'Steckregal',
        'Boltless shelving',
        'Rayonnage sans boulons',
        'Estantería sin tornillos',
        'Scaffale ad incastro',
      ),
      t(
        'Schwerlastregal',
        'Heavy-duty shelving',
        'Rayonnage charges lourdes',
        'Estantería de carga pesada',
        'Scaffale per carichi pesanti',
      ),
      t('Fachbodenregal', 'Shelf rack', 'Étagère à tablettes', 'Estantería de baldas', 'Scaffale a ripiani'),
    ],
    materials: ['galvanised', 'steel'],
    colours: ['grey', 'blue'],
    certificates: ['gs', 'tuev'],
    included: ['ZB-1813'],
  }),
  'assortment-boxes': p({
    prefix: 'SOK',
    pictogram: 'box',
    price: [9, 149],
    weight: [0.5, 8],
    spec: S.compartments(),
    usage: WORKSHOP_USE,
    types: [
      t('Sortimentskasten', 'Assortment case', "Mallette d'assortiment", 'Maletín surtido', 'Valigetta assortimento'),
      t(
        'Kleinteilemagazin',
        'Small parts cabinet',
        'Casier à tiroirs',
        'Cajonera para piezas pequeñas',
        'Cassettiera per minuteria',
      ),
      t('Stapelbox', 'Stacking bin', 'Bac à bec', 'Caja apilable', 'Contenitore impilabile'),
    ],
    materials: ['plastic'],
    colours: ['blue', 'red', 'yellow', 'grey'],
    certificates: ['ce'],
    variant: { code: 'colour', values: ['blue', 'red', 'yellow', 'grey'] },
  }),
  vices: p({
    prefix: 'SST',
    pictogram: 'vice',
    price: [39, 590],
    weight: [3, 40],
    spec: S.mmPlain([100, 125, 150, 180, 200]),
    usage: WORKSHOP_USE,
    types: [
      t('Parallelschraubstock', 'Bench vice', 'Étau parallèle', 'Tornillo de banco paralelo', 'Morsa parallela'),
      t('Maschinenschraubstock', 'Machine vice', 'Étau de machine', 'Mordaza de máquina', 'Morsa per trapano'),
    ],
    materials: ['steel'],
    colours: ['blue', 'anthracite', 'green'],
    certificates: ['gs'],
  }),
};
