// Leaf profiles for accessories, workshop equipment, safety and compressed air (see product-types.ts).
import type { LeafProfile } from './leaf-profile.ts';
import * as S from './specs.ts';
import { t } from './vocabulary.ts';

type P = Omit<LeafProfile, 'colours' | 'certificates'> & Partial<Pick<LeafProfile, 'colours' | 'certificates'>>;
const p = (x: P): LeafProfile => ({ colours: [], certificates: ['ce'], ...x });
const BIT_USE = t('passend für alle gängigen Bohrmaschinen und Akku-Schrauber', 'fits all common drills and cordless drivers', 'compatible avec toutes les perceuses et visseuses courantes', 'compatible con todos los taladros y atornilladores habituales', 'compatibile con tutti i trapani e gli avvitatori più diffusi');
const PPE_USE = t('für zuverlässigen Schutz bei der Arbeit', 'for reliable protection at work', 'pour une protection fiable au travail', 'para una protección fiable en el trabajo', 'per una protezione affidabile sul lavoro');
const WORKSHOP_USE = t('für eine aufgeräumte und effiziente Werkstatt', 'for a tidy, efficient workshop', 'pour un atelier ordonné et efficace', 'para un taller ordenado y eficiente', "per un'officina ordinata ed efficiente");
const AIR_USE = t('für den professionellen Einsatz mit Druckluft', 'for professional compressed-air work', "pour un usage professionnel à l'air comprimé", 'para el uso profesional con aire comprimido', "per l'uso professionale con aria compressa");

export const MORE_PROFILES_B: Record<string, LeafProfile> = {
  'wood-bits': p({
    prefix: 'HBO', pictogram: 'bit', price: [3, 39], weight: [0.02, 0.3], spec: S.bit([3, 4, 5, 6, 8, 10, 12, 14, 16]), usage: BIT_USE,
    types: [
      t('Holzspiralbohrer', 'Wood twist drill bit', 'Foret à bois hélicoïdal', 'Broca helicoidal para madera', 'Punta elicoidale per legno'),
      t('Forstnerbohrer', 'Forstner bit', 'Mèche Forstner', 'Broca Forstner', 'Punta Forstner'),
      t('Schlangenbohrer', 'Auger bit', 'Mèche tarière', 'Broca salomónica', 'Punta a tortiglione'),
    ],
    materials: ['chrome-vanadium'], certificates: ['din'],
  }),
  'metal-bits': p({
    prefix: 'MBO', pictogram: 'bit', price: [2, 49], weight: [0.01, 0.2], spec: S.bit([2, 3, 3.5, 4, 4.5, 5, 6, 8, 10, 12]), usage: BIT_USE,
    types: [
      t('HSS-Spiralbohrer', 'HSS twist drill bit', 'Foret hélicoïdal HSS', 'Broca helicoidal HSS', 'Punta elicoidale HSS'),
      t('HSS-Co-Bohrer', 'Cobalt drill bit', 'Foret au cobalt', 'Broca de cobalto', 'Punta al cobalto'),
      t('Stufenbohrer', 'Step drill bit', 'Foret étagé', 'Broca escalonada', 'Punta a gradini'),
    ],
    materials: ['hss'], certificates: ['din'],
  }),
  'masonry-bits': p({
    prefix: 'SBO', pictogram: 'bit', price: [3, 45], weight: [0.03, 0.5], spec: S.bit([4, 5, 6, 8, 10, 12, 14, 16]), usage: BIT_USE,
    types: [
      t('Steinbohrer', 'Masonry drill bit', 'Foret à pierre', 'Broca para piedra', 'Punta per pietra'),
      t('SDS-plus-Hammerbohrer', 'SDS-plus hammer drill bit', 'Foret SDS-plus', 'Broca SDS-plus', 'Punta SDS-plus'),
      t('Fliesenbohrer', 'Tile drill bit', 'Foret à carrelage', 'Broca para azulejos', 'Punta per piastrelle'),
    ],
    materials: ['carbide'], certificates: ['din'],
  }),
  'screwdriver-bits': p({
    prefix: 'BIT', pictogram: 'bit', price: [2, 39], weight: [0.01, 0.3], spec: S.bitProfile(), usage: BIT_USE,
    types: [
      t('Schrauberbit', 'Screwdriver bit', 'Embout de vissage', 'Punta de atornillar', 'Inserto per avvitatore'),
      t('Torsionsbit', 'Torsion bit', 'Embout torsion', 'Punta de torsión', 'Inserto torsion'),
      t('Magnetischer Bithalter', 'Magnetic bit holder', 'Porte-embout magnétique', 'Portapuntas magnético', 'Portainserti magnetico'),
    ],
    materials: ['chrome-vanadium'], certificates: ['din'],
  }),
  batteries: p({
    prefix: 'AKU', pictogram: 'battery', price: [39, 299], weight: [0.3, 1.4], spec: S.battery(),
    types: [
      t('Akku-Pack', 'Battery pack', 'Batterie', 'Batería', 'Batteria'),
      t('Li-Ion-Akku', 'Li-ion battery', 'Batterie Li-ion', 'Batería de iones de litio', 'Batteria agli ioni di litio'),
      t('Akku-Starterset', 'Battery starter kit', 'Kit de démarrage batterie', 'Kit de inicio de batería', 'Kit batteria di avvio'),
    ],
    usage: t('für lange Laufzeiten im Akku-System', 'for long run times in the cordless system', 'pour une grande autonomie dans le système sans fil', 'para una gran autonomía en el sistema a batería', "per una lunga autonomia nel sistema a batteria"),
    materials: ['plastic'], colours: ['black', 'red', 'blue', 'green'], certificates: ['ce', 'tuev'], included: ['ZB-1802', 'ZB-1811'],
  }),
  'cutting-discs': p({
    prefix: 'TSC', pictogram: 'disc', price: [2, 89], weight: [0.05, 0.6], spec: S.mm('diameter', [115, 125, 150, 180, 230], true),
    types: [
      t('Trennscheibe für Metall', 'Metal cutting disc', 'Disque à tronçonner le métal', 'Disco de corte para metal', 'Disco da taglio per metallo'),
      t('Diamanttrennscheibe', 'Diamond cutting disc', 'Disque diamant', 'Disco de diamante', 'Disco diamantato'),
      t('Schruppscheibe', 'Grinding disc', 'Disque à ébarber', 'Disco de desbaste', 'Disco da sbavo'),
      t('Fächerschleifscheibe', 'Flap disc', 'Disque à lamelles', 'Disco de láminas', 'Disco lamellare'),
    ],
    usage: t('passend für alle gängigen Winkelschleifer', 'fits all common angle grinders', "compatible avec toutes les meuleuses d'angle courantes", 'compatible con todas las amoladoras habituales', 'compatibile con tutte le smerigliatrici più diffuse'),
    materials: ['corundum', 'steel'], certificates: ['ce'],
  }),
  workbenches: p({
    prefix: 'WBK', pictogram: 'bench', price: [189, 1490], weight: [35, 120], spec: S.mm('length', [1200, 1500, 2000]), usage: WORKSHOP_USE,
    types: [
      t('Werkbank', 'Workbench', 'Établi', 'Banco de trabajo', 'Banco da lavoro'),
      t('Packtisch', 'Packing table', "Table d'emballage", 'Mesa de embalaje', 'Tavolo da imballaggio'),
      t('Montagetisch', 'Assembly table', 'Table de montage', 'Mesa de montaje', 'Tavolo di montaggio'),
    ],
    materials: ['beech', 'steel'], colours: ['grey', 'blue', 'anthracite'], certificates: ['gs'],
    variant: { code: 'colour', values: ['grey', 'blue', 'anthracite'] }, included: ['ZB-1813', 'ZB-1811'],
  }),
  'tool-trolleys': p({
    prefix: 'WZW', pictogram: 'trolley', price: [249, 1890], weight: [40, 140], spec: S.model(['Pro', 'Compact', 'XL'], [5, 6, 7, 8]), usage: WORKSHOP_USE,
    types: [
      t('Werkzeugwagen', 'Tool trolley', "Servante d'atelier", 'Carro de herramientas', 'Carrello portautensili'),
      t('Montagewagen', 'Assembly trolley', 'Chariot de montage', 'Carro de montaje', 'Carrello di montaggio'),
    ],
    materials: ['steel'], colours: ['red', 'blue', 'anthracite', 'black'], certificates: ['gs'],
    variant: { code: 'colour', values: ['red', 'blue', 'anthracite', 'black'] }, included: ['ZB-1818', 'ZB-1811'],
  }),
  shelving: p({
    prefix: 'REG', pictogram: 'shelf', price: [59, 690], weight: [15, 90], spec: S.mm('length', [800, 1000, 1200, 1500, 2000]), usage: WORKSHOP_USE,
    types: [
      t('Steckregal', 'Boltless shelving', 'Rayonnage sans boulons', 'Estantería sin tornillos', 'Scaffale ad incastro'),
      t('Schwerlastregal', 'Heavy-duty shelving', 'Rayonnage charges lourdes', 'Estantería de carga pesada', 'Scaffale per carichi pesanti'),
      t('Fachbodenregal', 'Shelf rack', 'Étagère à tablettes', 'Estantería de baldas', 'Scaffale a ripiani'),
    ],
    materials: ['galvanised', 'steel'], colours: ['grey', 'blue'], certificates: ['gs', 'tuev'], included: ['ZB-1813'],
  }),
  'assortment-boxes': p({
    prefix: 'SOK', pictogram: 'box', price: [9, 149], weight: [0.5, 8], spec: S.compartments(), usage: WORKSHOP_USE,
    types: [
      t('Sortimentskasten', 'Assortment case', "Mallette d'assortiment", 'Maletín surtido', 'Valigetta assortimento'),
      t('Kleinteilemagazin', 'Small parts cabinet', 'Casier à tiroirs', 'Cajonera para piezas pequeñas', 'Cassettiera per minuteria'),
      t('Stapelbox', 'Stacking bin', 'Bac à bec', 'Caja apilable', 'Contenitore impilabile'),
    ],
    materials: ['plastic'], colours: ['blue', 'red', 'yellow', 'grey'], certificates: ['ce'],
    variant: { code: 'colour', values: ['blue', 'red', 'yellow', 'grey'] },
  }),
  vices: p({
    prefix: 'SST', pictogram: 'vice', price: [39, 590], weight: [3, 40], spec: S.mmPlain([100, 125, 150, 180, 200]), usage: WORKSHOP_USE,
    types: [
      t('Parallelschraubstock', 'Bench vice', 'Étau parallèle', 'Tornillo de banco paralelo', 'Morsa parallela'),
      t('Maschinenschraubstock', 'Machine vice', 'Étau de machine', 'Mordaza de máquina', 'Morsa per trapano'),
    ],
    materials: ['steel'], colours: ['blue', 'anthracite', 'green'], certificates: ['gs'],
  }),
  gloves: p({
    prefix: 'HSH', pictogram: 'glove', price: [2, 29], weight: [0.05, 0.2], spec: S.model(['Grip', 'Flex', 'Pro', 'Ultra'], [100, 200, 300, 500]), usage: PPE_USE,
    types: [
      t('Montagehandschuh', 'Assembly glove', 'Gant de montage', 'Guante de montaje', 'Guanto da montaggio'),
      t('Schnittschutzhandschuh', 'Cut-resistant glove', 'Gant anti-coupure', 'Guante anticorte', 'Guanto antitaglio'),
      t('Chemikalienschutzhandschuh', 'Chemical-resistant glove', 'Gant de protection chimique', 'Guante de protección química', 'Guanto di protezione chimica'),
    ],
    materials: ['nitrile', 'leather', 'polyamide'], colours: ['black', 'grey', 'blue', 'orange'], certificates: ['en388', 'ce'],
    variant: { code: 'size', values: S.GLOVE_SIZES },
  }),
  'safety-glasses': p({
    prefix: 'SBR', pictogram: 'glasses', price: [4, 39], weight: [0.03, 0.1], spec: S.model(['Vision', 'Clear', 'Sport'], [1, 2, 3, 5]), usage: PPE_USE,
    types: [
      t('Schutzbrille', 'Safety spectacles', 'Lunettes de sécurité', 'Gafas de seguridad', 'Occhiali di sicurezza'),
      t('Vollsichtbrille', 'Goggles', 'Lunettes-masque', 'Gafas panorámicas', 'Occhiali a mascherina'),
      t('Überbrille', 'Over-spectacles', 'Surlunettes', 'Sobregafas', 'Sovraocchiali'),
    ],
    materials: ['polycarbonate'], colours: ['clear', 'yellow', 'grey'], certificates: ['en166', 'ce'],
    variant: { code: 'colour', values: ['clear', 'yellow', 'grey'] },
  }),
  'hearing-protection': p({
    prefix: 'GSZ', pictogram: 'earmuff', price: [1, 49], weight: [0.01, 0.35], spec: S.decibel(), usage: PPE_USE,
    types: [
      t('Kapselgehörschutz', 'Ear muffs', 'Casque antibruit', 'Orejeras', 'Cuffie antirumore'),
      t('Gehörschutzstöpsel', 'Ear plugs', "Bouchons d'oreille", 'Tapones para los oídos', 'Tappi auricolari'),
      t('Bügelgehörschutz', 'Banded ear plugs', 'Arceau antibruit', 'Tapones con arnés', 'Archetto antirumore'),
    ],
    materials: ['plastic'], colours: ['yellow', 'red', 'black', 'orange'], certificates: ['en352', 'ce'],
  }),
  'safety-shoes': p({
    prefix: 'SIS', pictogram: 'boot', price: [49, 189], weight: [0.9, 1.8], spec: S.model(['Urban', 'Trail', 'Flex'], [100, 200, 300]), usage: PPE_USE,
    types: [
      t('Sicherheitshalbschuh S3', 'Safety shoe S3', 'Chaussure de sécurité S3', 'Zapato de seguridad S3', 'Scarpa antinfortunistica S3'),
      t('Sicherheitsstiefel S3', 'Safety boot S3', 'Botte de sécurité S3', 'Bota de seguridad S3', 'Stivale antinfortunistico S3'),
      t('Sicherheitssandale S1', 'Safety sandal S1', 'Sandale de sécurité S1', 'Sandalia de seguridad S1', 'Sandalo antinfortunistico S1'),
    ],
    materials: ['leather'], colours: ['black', 'grey', 'anthracite'], certificates: ['en20345', 'ce'],
    variant: { code: 'size', values: S.SHOE_SIZES },
  }),
  compressors: p({
    prefix: 'KOM', pictogram: 'compressor', price: [149, 2490], weight: [12, 190], spec: S.capacity([6, 24, 50, 100, 270]), usage: AIR_USE,
    types: [
      t('Kolbenkompressor', 'Piston compressor', 'Compresseur à piston', 'Compresor de pistón', 'Compressore a pistone'),
      t('Flüsterkompressor', 'Silent compressor', 'Compresseur silencieux', 'Compresor silencioso', 'Compressore silenziato'),
      t('Schraubenkompressor', 'Screw compressor', 'Compresseur à vis', 'Compresor de tornillo', 'Compressore a vite'),
    ],
    materials: ['steel'], colours: ['red', 'blue', 'grey'], certificates: ['ce', 'tuev'],
    included: ['ZB-1815', 'ZB-1811'], accessoryFrom: ['hoses-couplings', 'air-tools'],
  }),
  'air-tools': p({
    prefix: 'DLW', pictogram: 'airgun', price: [15, 399], weight: [0.2, 3], spec: S.model(['PX', 'AT'], [100, 200, 300, 500]), usage: AIR_USE,
    types: [
      t('Druckluft-Schlagschrauber', 'Pneumatic impact wrench', 'Clé à chocs pneumatique', 'Llave de impacto neumática', 'Avvitatore a impulsi pneumatico'),
      t('Ausblaspistole', 'Blow gun', 'Soufflette', 'Pistola de soplado', 'Pistola di soffiaggio'),
      t('Druckluft-Tacker', 'Pneumatic stapler', 'Agrafeuse pneumatique', 'Grapadora neumática', 'Graffatrice pneumatica'),
      t('Reifenfüllmesser', 'Tyre inflator', 'Gonfleur de pneus', 'Inflador de neumáticos', 'Gonfiatore per pneumatici'),
    ],
    materials: ['aluminium', 'steel'], colours: ['black', 'blue', 'red'], certificates: ['ce'],
    included: ['ZB-1816', 'ZB-1811'], accessoryFrom: ['hoses-couplings'],
  }),
  'hoses-couplings': p({
    prefix: 'SLK', pictogram: 'hose', price: [4, 179], weight: [0.05, 6], spec: S.mm('diameter', [6, 8, 10, 12], true), usage: AIR_USE,
    types: [
      t('Druckluftschlauch', 'Air hose', "Tuyau d'air comprimé", 'Manguera de aire comprimido', 'Tubo per aria compressa'),
      t('Spiralschlauch', 'Coiled hose', 'Tuyau spiralé', 'Manguera en espiral', 'Tubo a spirale'),
      t('Schnellkupplung', 'Quick coupling', 'Raccord rapide', 'Acoplamiento rápido', 'Innesto rapido'),
      t('Schlauchaufroller', 'Hose reel', 'Enrouleur de tuyau', 'Enrollador de manguera', 'Avvolgitubo'),
    ],
    materials: ['polyamide', 'rubber', 'brass'], colours: ['blue', 'orange', 'black', 'yellow'], certificates: ['ce'],
    variant: { code: 'colour', values: ['blue', 'orange', 'black', 'yellow'] },
  }),
};
