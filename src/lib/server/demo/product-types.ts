// What each leaf category sells: product nouns, the spec that varies, prices, materials and
// what ships in the box. Products are generated from these profiles.
import * as S from './specs.ts';
import { MORE_PROFILES_A } from './product-types-more.ts';
import { ACCESSORY_PROFILES } from './product-types-accessories.ts';
import { WORKSHOP_PROFILES } from './product-types-workshop.ts';
import { SAFETY_PROFILES } from './product-types-safety.ts';
import { AIR_PROFILES } from './product-types-air.ts';
import { t } from './vocabulary.ts';
import type { LeafProfile } from './leaf-profile.ts';

type P = Omit<LeafProfile, 'colours' | 'certificates'> & Partial<Pick<LeafProfile, 'colours' | 'certificates'>>;
const p = (x: P): LeafProfile => ({ colours: [], certificates: ['ce'], ...x });
const POWER_COLOURS = ['blue', 'red', 'green', 'anthracite', 'yellow'];

const TOOL_PROFILES: Record<string, LeafProfile> = {
  drills: p({
    prefix: 'BMA',
    pictogram: 'drill',
    price: [89, 649],
    weight: [1.4, 4.5],
    spec: S.volt([18, 36, 230]),
    types: [
      t('Schlagbohrmaschine', 'Impact drill', 'Perceuse à percussion', 'Taladro percutor', 'Trapano a percussione'),
      t('Bohrhammer', 'Rotary hammer', 'Perforateur', 'Martillo perforador', 'Martello perforatore'),
      t(
        'Akku-Schlagbohrschrauber',
        'Cordless impact drill driver',
        'Perceuse-visseuse à percussion sans fil',
        'Taladro atornillador percutor a batería',
        'Trapano avvitatore a percussione a batteria',
      ),
    ],
    usage: t(
      'zum Bohren in Holz, Metall und Mauerwerk',
      'for drilling wood, metal and masonry',
      'pour percer le bois, le métal et la maçonnerie',
      'para taladrar madera, metal y mampostería',
      'per forare legno, metallo e muratura',
    ),
    materials: ['plastic', 'aluminium'],
    colours: POWER_COLOURS,
    certificates: ['ce', 'gs'],
    included: ['ZB-1801', 'ZB-1802', 'ZB-1803', 'ZB-1804', 'ZB-1805', 'ZB-1811'],
    accessoryFrom: ['wood-bits', 'metal-bits', 'masonry-bits', 'batteries'],
  }),
  'cordless-screwdrivers': p({
    prefix: 'ASR',
    pictogram: 'drill',
    price: [69, 399],
    weight: [0.9, 2.2],
    spec: S.volt([10.8, 12, 18]),
    types: [
      t(
        'Akku-Bohrschrauber',
        'Cordless drill driver',
        'Perceuse-visseuse sans fil',
        'Taladro atornillador a batería',
        'Trapano avvitatore a batteria',
      ),
      t(
        'Akku-Schlagschrauber',
        'Cordless impact driver',
        'Visseuse à chocs sans fil',
        'Atornillador de impacto a batería',
        'Avvitatore a impulsi a batteria',
      ),
      t(
        'Akku-Trockenbauschrauber',
        'Cordless drywall screwdriver',
        'Visseuse plaquiste sans fil',
        'Atornillador para pladur a batería',
        'Avvitatore per cartongesso a batteria',
      ),
    ],
    usage: t(
      'zum Schrauben und Bohren im Innenausbau',
      'for driving and drilling in interior fit-out',
      'pour visser et percer en second œuvre',
      'para atornillar y taladrar en interiores',
      "per avvitare e forare nelle finiture d'interni",
    ),
    materials: ['plastic', 'aluminium'],
    colours: POWER_COLOURS,
    certificates: ['ce', 'gs'],
    included: ['ZB-1801', 'ZB-1802', 'ZB-1803', 'ZB-1806', 'ZB-1807', 'ZB-1811'],
    accessoryFrom: ['screwdriver-bits', 'batteries', 'wood-bits', 'metal-bits'],
  }),
  'angle-grinders': p({
    prefix: 'WSL',
    pictogram: 'grinder',
    price: [59, 459],
    weight: [1.8, 6.5],
    spec: S.mm('diameter', [115, 125, 150, 180, 230], true),
    types: [
      t('Winkelschleifer', 'Angle grinder', "Meuleuse d'angle", 'Amoladora angular', 'Smerigliatrice angolare'),
      t(
        'Akku-Winkelschleifer',
        'Cordless angle grinder',
        "Meuleuse d'angle sans fil",
        'Amoladora angular a batería',
        'Smerigliatrice angolare a batteria',
      ),
    ],
    usage: t(
      'zum Trennen und Schleifen von Metall und Stein',
      'for cutting and grinding metal and stone',
      'pour tronçonner et meuler le métal et la pierre',
      'para cortar y amolar metal y piedra',
      'per tagliare e smerigliare metallo e pietra',
    ),
    materials: ['plastic', 'aluminium'],
    colours: POWER_COLOURS,
    certificates: ['ce', 'gs'],
    included: ['ZB-1804', 'ZB-1808', 'ZB-1809', 'ZB-1811'],
    accessoryFrom: ['cutting-discs', 'batteries'],
  }),
  saws: p({
    prefix: 'SAE',
    pictogram: 'saw',
    price: [79, 549],
    weight: [2, 5.5],
    spec: S.volt([18, 36, 230]),
    types: [
      t('Stichsäge', 'Jigsaw', 'Scie sauteuse', 'Sierra de calar', 'Seghetto alternativo'),
      t('Handkreissäge', 'Circular saw', 'Scie circulaire', 'Sierra circular', 'Sega circolare'),
      t('Säbelsäge', 'Reciprocating saw', 'Scie sabre', 'Sierra de sable', 'Sega a gattuccio'),
    ],
    usage: t(
      'für gerade und geschwungene Schnitte in Holz und Metall',
      'for straight and curved cuts in wood and metal',
      'pour des coupes droites et courbes dans le bois et le métal',
      'para cortes rectos y curvos en madera y metal',
      'per tagli dritti e curvi su legno e metallo',
    ),
    materials: ['plastic', 'aluminium'],
    colours: POWER_COLOURS,
    certificates: ['ce', 'gs'],
    included: ['ZB-1810', 'ZB-1803', 'ZB-1811'],
    accessoryFrom: ['batteries'],
  }),
  screwdrivers: p({
    prefix: 'SDR',
    pictogram: 'screwdriver',
    price: [4, 89],
    weight: [0.05, 1.2],
    spec: S.tip(),
    types: [
      t('Schraubendreher', 'Screwdriver', 'Tournevis', 'Destornillador', 'Cacciavite'),
      t(
        'VDE-Schraubendreher',
        'Insulated screwdriver',
        'Tournevis isolé',
        'Destornillador aislado',
        'Cacciavite isolato',
      ),
      t(
        'Schraubendreher-Satz',
        'Screwdriver set',
        'Jeu de tournevis',
        'Juego de destornilladores',
        'Set di cacciaviti',
      ),
    ],
    usage: t(
      'für präzises Arbeiten an Schrauben aller Art',
      'for precise work on all kinds of screws',
      'pour un travail précis sur tous types de vis',
      'para trabajar con precisión en todo tipo de tornillos',
      'per lavorare con precisione su viti di ogni tipo',
    ),
    materials: ['chrome-vanadium', 'plastic'],
    colours: ['red', 'yellow', 'blue', 'black'],
    certificates: ['gs', 'vde', 'din'],
  }),
  pliers: p({
    prefix: 'ZAN',
    pictogram: 'pliers',
    price: [9, 79],
    weight: [0.15, 0.6],
    spec: S.mm('length', [150, 180, 200, 250]),
    types: [
      t('Kombizange', 'Combination pliers', 'Pince universelle', 'Alicate universal', 'Pinza universale'),
      t(
        'Seitenschneider',
        'Diagonal cutters',
        'Pince coupante diagonale',
        'Alicate de corte diagonal',
        'Tronchese diagonale',
      ),
      t('Wasserpumpenzange', 'Water pump pliers', 'Pince multiprise', 'Alicate de pico de loro', 'Pinza a pappagallo'),
      t('Spitzzange', 'Needle-nose pliers', 'Pince à bec long', 'Alicate de punta', 'Pinza a becchi lunghi'),
    ],
    usage: t(
      'zum Greifen, Biegen und Schneiden',
      'for gripping, bending and cutting',
      'pour saisir, plier et couper',
      'para sujetar, doblar y cortar',
      'per afferrare, piegare e tagliare',
    ),
    materials: ['chrome-vanadium', 'steel'],
    colours: ['red', 'blue', 'black'],
    certificates: ['gs', 'vde', 'din'],
  }),
  spanners: p({
    prefix: 'SLS',
    pictogram: 'wrench',
    price: [6, 249],
    weight: [0.1, 3],
    spec: S.mmPlain([8, 10, 13, 17, 19, 22, 24, 27, 32]),
    types: [
      t('Ring-Maulschlüssel', 'Combination spanner', 'Clé mixte', 'Llave combinada', 'Chiave combinata'),
      t('Drehmomentschlüssel', 'Torque wrench', 'Clé dynamométrique', 'Llave dinamométrica', 'Chiave dinamometrica'),
      t(
        'Steckschlüssel-Satz',
        'Socket set',
        'Coffret de douilles',
        'Juego de llaves de vaso',
        'Set di chiavi a bussola',
      ),
      t('Rollgabelschlüssel', 'Adjustable spanner', 'Clé à molette', 'Llave inglesa', 'Chiave regolabile'),
    ],
    usage: t(
      'zum sicheren Anziehen und Lösen von Schrauben und Muttern',
      'for tightening and loosening bolts and nuts safely',
      'pour serrer et desserrer vis et écrous en toute sécurité',
      'para apretar y aflojar tornillos y tuercas con seguridad',
      'per serrare e allentare viti e dadi in sicurezza',
    ),
    materials: ['chrome-vanadium'],
    colours: ['silver'],
    certificates: ['din', 'gs'],
  }),
  hammers: p({
    prefix: 'HAM',
    pictogram: 'hammer',
    price: [12, 69],
    weight: [0.3, 1.8],
    spec: S.grams([300, 500, 800, 1000, 1250, 1500]),
    types: [
      t('Schlosserhammer', "Engineer's hammer", 'Marteau de serrurier', 'Martillo de ajustador', 'Martello da fabbro'),
      t('Schonhammer', 'Soft-face mallet', 'Maillet à embouts', 'Mazo de cabeza blanda', 'Mazzuola antirimbalzo'),
      t('Fäustel', 'Club hammer', 'Massette', 'Maceta', 'Mazzetta'),
      t(
        'Zimmermannshammer',
        'Framing hammer',
        'Marteau de charpentier',
        'Martillo de carpintero',
        'Martello da carpentiere',
      ),
    ],
    usage: t(
      'für kraftvolle und kontrollierte Schläge',
      'for powerful, controlled blows',
      'pour des frappes puissantes et maîtrisées',
      'para golpes potentes y controlados',
      'per colpi potenti e controllati',
    ),
    materials: ['steel', 'beech', 'rubber'],
    colours: ['black', 'red', 'yellow'],
    certificates: ['din', 'gs'],
  }),
};

/** Every leaf category key → its profile. */
export const LEAF_PROFILES: Record<string, LeafProfile> = {
  ...TOOL_PROFILES,
  ...MORE_PROFILES_A,
  ...ACCESSORY_PROFILES,
  ...WORKSHOP_PROFILES,
  ...SAFETY_PROFILES,
  ...AIR_PROFILES,
};
