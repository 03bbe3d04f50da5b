// The demo category tree: six departments, three levels and more, names and slugs in every language.
import { LOCALES, slugify, t, type L, type Locale } from './vocabulary.ts';

interface Node {
  key: string;
  name: L;
  children?: Node[];
}

const n = (key: string, name: L, children?: Node[]): Node => (children ? { key, name, children } : { key, name });

const CATEGORY_TREE: readonly Node[] = [
  n('tools', t('Werkzeuge', 'Tools', 'Outillage', 'Herramientas', 'Utensili'), [
    n(
      'power-tools',
      t('Elektrowerkzeuge', 'Power tools', 'Outils électriques', 'Herramientas eléctricas', 'Elettroutensili'),
      [
        n('drills', t('Bohrmaschinen', 'Drills', 'Perceuses', 'Taladros', 'Trapani')),
        n(
          'cordless-screwdrivers',
          t(
            'Akku-Schrauber',
            'Cordless screwdrivers',
            'Visseuses sans fil',
            'Atornilladores a batería',
            'Avvitatori a batteria',
          ),
        ),
        n(
          'angle-grinders',
          t(
            'Winkelschleifer',
            'Angle grinders',
            "Meuleuses d'angle",
            'Amoladoras angulares',
            'Smerigliatrici angolari',
          ),
        ),
        n('saws', t('Sägen', 'Saws', 'Scies', 'Sierras', 'Seghe')),
      ],
    ),
    n('hand-tools', t('Handwerkzeuge', 'Hand tools', 'Outils à main', 'Herramientas manuales', 'Utensili manuali'), [
      n('screwdrivers', t('Schraubendreher', 'Screwdrivers', 'Tournevis', 'Destornilladores', 'Cacciaviti')),
      n('pliers', t('Zangen', 'Pliers', 'Pinces', 'Alicates', 'Pinze')),
      n('spanners', t('Schraubenschlüssel', 'Spanners', 'Clés de serrage', 'Llaves de apriete', 'Chiavi di serraggio')),
      n('hammers', t('Hämmer', 'Hammers', 'Marteaux', 'Martillos', 'Martelli')),
    ]),
    n(
      'measuring',
      t('Messwerkzeuge', 'Measuring tools', 'Instruments de mesure', 'Instrumentos de medición', 'Strumenti di misura'),
      [
        n(
          'spirit-levels',
          t('Wasserwaagen', 'Spirit levels', 'Niveaux à bulle', 'Niveles de burbuja', 'Livelle a bolla'),
        ),
        n('calipers', t('Messschieber', 'Calipers', 'Pieds à coulisse', 'Calibres', 'Calibri')),
        n(
          'laser-meters',
          t(
            'Laser-Entfernungsmesser',
            'Laser distance meters',
            'Télémètres laser',
            'Medidores láser',
            'Misuratori laser',
          ),
        ),
      ],
    ),
  ]),
  n('fasteners', t('Befestigungstechnik', 'Fasteners', 'Fixations', 'Fijaciones', 'Fissaggi'), [
    n('screws', t('Schrauben', 'Screws', 'Vis', 'Tornillos', 'Viti'), [
      n('wood-screws', t('Holzschrauben', 'Wood screws', 'Vis à bois', 'Tornillos para madera', 'Viti per legno')),
      n(
        'machine-screws',
        t('Maschinenschrauben', 'Machine screws', 'Vis à métaux', 'Tornillos métricos', 'Viti metriche'),
      ),
      n(
        'sheet-metal-screws',
        t('Blechschrauben', 'Sheet metal screws', 'Vis à tôle', 'Tornillos para chapa', 'Viti autofilettanti'),
      ),
    ]),
    n(
      'nuts-washers',
      t('Muttern & Scheiben', 'Nuts & washers', 'Écrous et rondelles', 'Tuercas y arandelas', 'Dadi e rondelle'),
    ),
    n('wall-plugs', t('Dübel', 'Wall plugs', 'Chevilles', 'Tacos', 'Tasselli')),
    n('rivets', t('Nieten', 'Rivets', 'Rivets', 'Remaches', 'Rivetti')),
  ]),
  n('accessories', t('Zubehör', 'Accessories', 'Accessoires', 'Accesorios', 'Accessori'), [
    n('drill-bits', t('Bohrer', 'Drill bits', 'Forets', 'Brocas', 'Punte'), [
      n('wood-bits', t('Holzbohrer', 'Wood drill bits', 'Forets à bois', 'Brocas para madera', 'Punte per legno')),
      n(
        'metal-bits',
        t('Metallbohrer', 'Metal drill bits', 'Forets à métaux', 'Brocas para metal', 'Punte per metallo'),
      ),
      n(
        'masonry-bits',
        t('Steinbohrer', 'Masonry drill bits', 'Forets à béton', 'Brocas para hormigón', 'Punte per muratura'),
      ),
    ]),
    n(
      'screwdriver-bits',
      t(
        'Bits & Bithalter',
        'Bits & bit holders',
        'Embouts et porte-embouts',
        'Puntas y portapuntas',
        'Inserti e portainserti',
      ),
    ),
    n(
      'batteries',
      t(
        'Akkus & Ladegeräte',
        'Batteries & chargers',
        'Batteries et chargeurs',
        'Baterías y cargadores',
        'Batterie e caricabatterie',
      ),
    ),
    n(
      'cutting-discs',
      t('Trennscheiben', 'Cutting discs', 'Disques à tronçonner', 'Discos de corte', 'Dischi da taglio'),
    ),
  ]),
  n(
    'workshop',
    t(
      'Werkstattausstattung',
      'Workshop equipment',
      "Équipement d'atelier",
      'Equipamiento de taller',
      'Attrezzatura da officina',
    ),
    [
      n('workbenches', t('Werkbänke', 'Workbenches', 'Établis', 'Bancos de trabajo', 'Banchi da lavoro')),
      n(
        'tool-trolleys',
        t('Werkzeugwagen', 'Tool trolleys', "Servantes d'atelier", 'Carros de herramientas', 'Carrelli portautensili'),
      ),
      n(
        'storage',
        t(
          'Lagersysteme',
          'Storage systems',
          'Systèmes de rangement',
          'Sistemas de almacenaje',
          'Sistemi di stoccaggio',
        ),
        [
          n('shelving', t('Regale', 'Shelving', 'Rayonnages', 'Estanterías', 'Scaffalature')),
          n(
            'assortment-boxes',
            t('Sortimentskästen', 'Assortment boxes', 'Boîtes de rangement', 'Cajas surtido', 'Cassette assortimento'),
          ),
        ],
      ),
      n('vices', t('Schraubstöcke', 'Vices', 'Étaux', 'Tornillos de banco', 'Morse')),
    ],
  ),
  n(
    'safety',
    t('Arbeitsschutz', 'Safety equipment', 'Protection au travail', 'Protección laboral', 'Antinfortunistica'),
    [
      n(
        'gloves',
        t('Schutzhandschuhe', 'Safety gloves', 'Gants de protection', 'Guantes de protección', 'Guanti protettivi'),
      ),
      n(
        'safety-glasses',
        t('Schutzbrillen', 'Safety glasses', 'Lunettes de protection', 'Gafas de protección', 'Occhiali protettivi'),
      ),
      n(
        'hearing-protection',
        t('Gehörschutz', 'Hearing protection', 'Protection auditive', 'Protección auditiva', "Protezione dell'udito"),
      ),
      n(
        'safety-shoes',
        t(
          'Sicherheitsschuhe',
          'Safety shoes',
          'Chaussures de sécurité',
          'Calzado de seguridad',
          'Scarpe antinfortunistiche',
        ),
      ),
    ],
  ),
  n('compressed-air', t('Drucklufttechnik', 'Compressed air', 'Air comprimé', 'Aire comprimido', 'Aria compressa'), [
    n('compressors', t('Kompressoren', 'Compressors', 'Compresseurs', 'Compresores', 'Compressori')),
    n(
      'air-tools',
      t(
        'Druckluftwerkzeuge',
        'Pneumatic tools',
        'Outils pneumatiques',
        'Herramientas neumáticas',
        'Utensili pneumatici',
      ),
    ),
    n(
      'hoses-couplings',
      t(
        'Schläuche & Kupplungen',
        'Hoses & couplings',
        'Tuyaux et raccords',
        'Mangueras y acoplamientos',
        'Tubi e raccordi',
      ),
    ),
  ]),
];

export interface CategoryRow {
  id: number;
  key: string;
  parentId: number | null;
  position: number;
  idPath: string;
  depth: number;
  image: string;
  isLeaf: boolean;
  /** Key of the top-level category this one belongs to. */
  rootKey: string;
  names: L;
  slugs: L;
  slugPaths: L;
}

const DESCRIPTION: Record<Locale, (name: string) => string> = {
  de: (x) => `${x} für Handwerk und Industrie – große Auswahl, schnelle Lieferung.`,
  en: (x) => `${x} for trade and industry – wide selection, fast delivery.`,
  fr: (x) => `${x} pour l'artisanat et l'industrie – grand choix, livraison rapide.`,
  es: (x) => `${x} para profesionales e industria: amplia selección y entrega rápida.`,
  it: (x) => `${x} per artigianato e industria – ampia scelta, consegna rapida.`,
};

export function categoryDescription(name: L, locale: Locale): string {
  return DESCRIPTION[locale](name[locale]);
}

/** Flattens the tree depth-first; ids are assigned in that order, starting at 1. */
export function buildCategories(): CategoryRow[] {
  const rows: CategoryRow[] = [];
  const visit = (node: Node, parent: CategoryRow | null, position: number, rootKey: string): void => {
    const id = rows.length + 1;
    const slugs = Object.fromEntries(LOCALES.map((l) => [l, slugify(node.name[l])])) as L;
    const row: CategoryRow = {
      id,
      key: node.key,
      parentId: parent?.id ?? null,
      position,
      idPath: parent ? `${parent.idPath}/${id}` : String(id),
      depth: parent ? parent.depth + 1 : 0,
      image: `/images/c/${node.key}.svg`,
      isLeaf: !node.children?.length,
      rootKey,
      names: node.name,
      slugs,
      slugPaths: Object.fromEntries(
        LOCALES.map((l) => [l, parent ? `${parent.slugPaths[l]}/${slugs[l]}` : slugs[l]]),
      ) as L,
    };
    rows.push(row);
    node.children?.forEach((child, i) => visit(child, row, i, rootKey));
  };
  CATEGORY_TREE.forEach((root, i) => visit(root, null, i, root.key));
  return rows;
}
