// Leaf profiles for drill and screwdriver bits, batteries and cutting discs (see product-types.ts).
import type { LeafProfile } from './leaf-profile.ts';
import * as S from './specs.ts';
import { t } from './vocabulary.ts';
import { profile as p } from './leaf-profile-defaults.ts';

const BIT_USE = t(
  'passend für alle gängigen Bohrmaschinen und Akku-Schrauber',
  'fits all common drills and cordless drivers',
  'compatible avec toutes les perceuses et visseuses courantes',
  'compatible con todos los taladros y atornilladores habituales',
  'compatibile con tutti i trapani e gli avvitatori più diffusi',
);

export const ACCESSORY_PROFILES: Record<string, LeafProfile> = {
  'wood-bits': p({
    prefix: 'HBO',
    pictogram: 'bit',
    price: [3, 39],
    weight: [0.02, 0.3],
    spec: S.bit([3, 4, 5, 6, 8, 10, 12, 14, 16]),
    usage: BIT_USE,
    types: [
      t(
        'Holzspiralbohrer',
        'Wood twist drill bit',
        'Foret à bois hélicoïdal',
        'Broca helicoidal para madera',
        'Punta elicoidale per legno',
      ),
      t('Forstnerbohrer', 'Forstner bit', 'Mèche Forstner', 'Broca Forstner', 'Punta Forstner'),
      t('Schlangenbohrer', 'Auger bit', 'Mèche tarière', 'Broca salomónica', 'Punta a tortiglione'),
    ],
    materials: ['chrome-vanadium'],
    certificates: ['din'],
  }),
  'metal-bits': p({
    prefix: 'MBO',
    pictogram: 'bit',
    price: [2, 49],
    weight: [0.01, 0.2],
    spec: S.bit([2, 3, 3.5, 4, 4.5, 5, 6, 8, 10, 12]),
    usage: BIT_USE,
    types: [
      t(
        'HSS-Spiralbohrer',
        'HSS twist drill bit',
        'Foret hélicoïdal HSS',
        'Broca helicoidal HSS',
        'Punta elicoidale HSS',
      ),
      t('HSS-Co-Bohrer', 'Cobalt drill bit', 'Foret au cobalt', 'Broca de cobalto', 'Punta al cobalto'),
      t('Stufenbohrer', 'Step drill bit', 'Foret étagé', 'Broca escalonada', 'Punta a gradini'),
    ],
    materials: ['hss'],
    certificates: ['din'],
  }),
  'masonry-bits': p({
    prefix: 'SBO',
    pictogram: 'bit',
    price: [3, 45],
    weight: [0.03, 0.5],
    spec: S.bit([4, 5, 6, 8, 10, 12, 14, 16]),
    usage: BIT_USE,
    types: [
      t('Steinbohrer', 'Masonry drill bit', 'Foret à pierre', 'Broca para piedra', 'Punta per pietra'),
      t('SDS-plus-Hammerbohrer', 'SDS-plus hammer drill bit', 'Foret SDS-plus', 'Broca SDS-plus', 'Punta SDS-plus'),
      t('Fliesenbohrer', 'Tile drill bit', 'Foret à carrelage', 'Broca para azulejos', 'Punta per piastrelle'),
    ],
    materials: ['carbide'],
    certificates: ['din'],
  }),
  'screwdriver-bits': p({
    prefix: 'BIT',
    pictogram: 'bit',
    price: [2, 39],
    weight: [0.01, 0.3],
    spec: S.bitProfile(),
    usage: BIT_USE,
    types: [
      t('Schrauberbit', 'Screwdriver bit', 'Embout de vissage', 'Punta de atornillar', 'Inserto per avvitatore'),
      t('Torsionsbit', 'Torsion bit', 'Embout torsion', 'Punta de torsión', 'Inserto torsion'),
      t(
        'Magnetischer Bithalter',
        'Magnetic bit holder',
        'Porte-embout magnétique',
        'Portapuntas magnético',
        'Portainserti magnetico',
      ),
    ],
    materials: ['chrome-vanadium'],
    certificates: ['din'],
  }),
  batteries: p({
    prefix: 'AKU',
    pictogram: 'battery',
    price: [39, 299],
    weight: [0.3, 1.4],
    spec: S.battery(),
    types: [
      t('Akku-Pack', 'Battery pack', 'Batterie', 'Batería', 'Batteria'),
      t('Li-Ion-Akku', 'Li-ion battery', 'Batterie Li-ion', 'Batería de iones de litio', 'Batteria agli ioni di litio'),
      t(
        'Akku-Starterset',
        'Battery starter kit',
        'Kit de démarrage batterie',
        'Kit de inicio de batería',
        'Kit batteria di avvio',
      ),
    ],
    usage: t(
      'für lange Laufzeiten im Akku-System',
      'for long run times in the cordless system',
      'pour une grande autonomie dans le système sans fil',
      'para una gran autonomía en el sistema a batería',
      'per una lunga autonomia nel sistema a batteria',
    ),
    materials: ['plastic'],
    colours: ['black', 'red', 'blue', 'green'],
    certificates: ['ce', 'tuev'],
    included: ['ZB-1802', 'ZB-1811'],
  }),
  'cutting-discs': p({
    prefix: 'TSC',
    pictogram: 'disc',
    price: [2, 89],
    weight: [0.05, 0.6],
    spec: S.mm('diameter', [115, 125, 150, 180, 230], true),
    types: [
      t(
        'Trennscheibe für Metall',
        'Metal cutting disc',
        'Disque à tronçonner le métal',
        'Disco de corte para metal',
        'Disco da taglio per metallo',
      ),
      t('Diamanttrennscheibe', 'Diamond cutting disc', 'Disque diamant', 'Disco de diamante', 'Disco diamantato'),
      t('Schruppscheibe', 'Grinding disc', 'Disque à ébarber', 'Disco de desbaste', 'Disco da sbavo'),
      t('Fächerschleifscheibe', 'Flap disc', 'Disque à lamelles', 'Disco de láminas', 'Disco lamellare'),
    ],
    usage: t(
      'passend für alle gängigen Winkelschleifer',
      'fits all common angle grinders',
      "compatible avec toutes les meuleuses d'angle courantes",
      'compatible con todas las amoladoras habituales',
      'compatibile con tutte le smerigliatrici più diffuse',
    ),
    materials: ['corundum', 'steel'],
    certificates: ['ce'],
  }),
};
