// Leaf profiles for compressed air: compressors, air tools, hoses and couplings (see product-types.ts).
import type { LeafProfile } from './leaf-profile.ts';
import * as S from './specs.ts';
import { t } from './vocabulary.ts';
import { profile as p } from './leaf-profile-defaults.ts';

const AIR_USE = t(
  'für den professionellen Einsatz mit Druckluft',
  'for professional compressed-air work',
  "pour un usage professionnel à l'air comprimé",
  'para el uso profesional con aire comprimido',
  "per l'uso professionale con aria compressa",
);

export const AIR_PROFILES: Record<string, LeafProfile> = {
  compressors: p({
    prefix: 'KOM',
    pictogram: 'compressor',
    price: [149, 2490],
    weight: [12, 190],
    spec: S.capacity([6, 24, 50, 100, 270]),
    usage: AIR_USE,
    types: [
      t(
        'Kolbenkompressor',
        'Piston compressor',
        'Compresseur à piston',
        'Compresor de pistón',
        'Compressore a pistone',
      ),
      t(
        'Flüsterkompressor',
        'Silent compressor',
        'Compresseur silencieux',
        'Compresor silencioso',
        'Compressore silenziato',
      ),
      t('Schraubenkompressor', 'Screw compressor', 'Compresseur à vis', 'Compresor de tornillo', 'Compressore a vite'),
    ],
    materials: ['steel'],
    colours: ['red', 'blue', 'grey'],
    certificates: ['ce', 'tuev'],
    included: ['ZB-1815', 'ZB-1811'],
    accessoryFrom: ['hoses-couplings', 'air-tools'],
  }),
  'air-tools': p({
    prefix: 'DLW',
    pictogram: 'airgun',
    price: [15, 399],
    weight: [0.2, 3],
    spec: S.model(['PX', 'AT'], [100, 200, 300, 500]),
    usage: AIR_USE,
    types: [
      t(
        'Druckluft-Schlagschrauber',
        'Pneumatic impact wrench',
        'Clé à chocs pneumatique',
        'Llave de impacto neumática',
        'Avvitatore a impulsi pneumatico',
      ),
      t('Ausblaspistole', 'Blow gun', 'Soufflette', 'Pistola de soplado', 'Pistola di soffiaggio'),
      t(
        'Druckluft-Tacker',
        'Pneumatic stapler',
        'Agrafeuse pneumatique',
        'Grapadora neumática',
        'Graffatrice pneumatica',
      ),
      t(
        'Reifenfüllmesser',
        'Tyre inflator',
        'Gonfleur de pneus',
        'Inflador de neumáticos',
        'Gonfiatore per pneumatici',
      ),
    ],
    materials: ['aluminium', 'steel'],
    colours: ['black', 'blue', 'red'],
    certificates: ['ce'],
    included: ['ZB-1816', 'ZB-1811'],
    accessoryFrom: ['hoses-couplings'],
  }),
  'hoses-couplings': p({
    prefix: 'SLK',
    pictogram: 'hose',
    price: [4, 179],
    weight: [0.05, 6],
    spec: S.mm('diameter', [6, 8, 10, 12], true),
    usage: AIR_USE,
    types: [
      t(
        'Druckluftschlauch',
        'Air hose',
        "Tuyau d'air comprimé",
        'Manguera de aire comprimido',
        'Tubo per aria compressa',
      ),
      t('Spiralschlauch', 'Coiled hose', 'Tuyau spiralé', 'Manguera en espiral', 'Tubo a spirale'),
      t('Schnellkupplung', 'Quick coupling', 'Raccord rapide', 'Acoplamiento rápido', 'Innesto rapido'),
      t('Schlauchaufroller', 'Hose reel', 'Enrouleur de tuyau', 'Enrollador de manguera', 'Avvolgitubo'),
    ],
    materials: ['polyamide', 'rubber', 'brass'],
    colours: ['blue', 'orange', 'black', 'yellow'],
    certificates: ['ce'],
    variant: { code: 'colour', values: ['blue', 'orange', 'black', 'yellow'] },
  }),
};
