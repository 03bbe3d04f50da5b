// Leaf profiles for personal protective equipment (see product-types.ts).
import type { LeafProfile } from './leaf-profile.ts';
import * as S from './specs.ts';
import { t } from './vocabulary.ts';
import { profile as p } from './leaf-profile-defaults.ts';

const PPE_USE = t(
  'für zuverlässigen Schutz bei der Arbeit',
  'for reliable protection at work',
  'pour une protection fiable au travail',
  'para una protección fiable en el trabajo',
  'per una protezione affidabile sul lavoro',
);

export const SAFETY_PROFILES: Record<string, LeafProfile> = {
  gloves: p({
    prefix: 'HSH',
    pictogram: 'glove',
    price: [2, 29],
    weight: [0.05, 0.2],
    spec: S.model(['Grip', 'Flex', 'Pro', 'Ultra'], [100, 200, 300, 500]),
    usage: PPE_USE,
    types: [
      t('Montagehandschuh', 'Assembly glove', 'Gant de montage', 'Guante de montaje', 'Guanto da montaggio'),
      t('Schnittschutzhandschuh', 'Cut-resistant glove', 'Gant anti-coupure', 'Guante anticorte', 'Guanto antitaglio'),
      t(
        'Chemikalienschutzhandschuh',
        'Chemical-resistant glove',
        'Gant de protection chimique',
        'Guante de protección química',
        'Guanto di protezione chimica',
      ),
    ],
    materials: ['nitrile', 'leather', 'polyamide'],
    colours: ['black', 'grey', 'blue', 'orange'],
    certificates: ['en388', 'ce'],
    variant: { code: 'size', values: S.GLOVE_SIZES },
  }),
  'safety-glasses': p({
    prefix: 'SBR',
    pictogram: 'glasses',
    price: [4, 39],
    weight: [0.03, 0.1],
    spec: S.model(['Vision', 'Clear', 'Sport'], [1, 2, 3, 5]),
    usage: PPE_USE,
    types: [
      t('Schutzbrille', 'Safety spectacles', 'Lunettes de sécurité', 'Gafas de seguridad', 'Occhiali di sicurezza'),
      t('Vollsichtbrille', 'Goggles', 'Lunettes-masque', 'Gafas panorámicas', 'Occhiali a mascherina'),
      t('Überbrille', 'Over-spectacles', 'Surlunettes', 'Sobregafas', 'Sovraocchiali'),
    ],
    materials: ['polycarbonate'],
    colours: ['clear', 'yellow', 'grey'],
    certificates: ['en166', 'ce'],
    variant: { code: 'colour', values: ['clear', 'yellow', 'grey'] },
  }),
  'hearing-protection': p({
    prefix: 'GSZ',
    pictogram: 'earmuff',
    price: [1, 49],
    weight: [0.01, 0.35],
    spec: S.decibel(),
    usage: PPE_USE,
    types: [
      t('Kapselgehörschutz', 'Ear muffs', 'Casque antibruit', 'Orejeras', 'Cuffie antirumore'),
      t('Gehörschutzstöpsel', 'Ear plugs', "Bouchons d'oreille", 'Tapones para los oídos', 'Tappi auricolari'),
      t('Bügelgehörschutz', 'Banded ear plugs', 'Arceau antibruit', 'Tapones con arnés', 'Archetto antirumore'),
    ],
    materials: ['plastic'],
    colours: ['yellow', 'red', 'black', 'orange'],
    certificates: ['en352', 'ce'],
  }),
  'safety-shoes': p({
    prefix: 'SIS',
    pictogram: 'boot',
    price: [49, 189],
    weight: [0.9, 1.8],
    spec: S.model(['Urban', 'Trail', 'Flex'], [100, 200, 300]),
    usage: PPE_USE,
    types: [
      t(
        'Sicherheitshalbschuh S3',
        'Safety shoe S3',
        'Chaussure de sécurité S3',
        'Zapato de seguridad S3',
        'Scarpa antinfortunistica S3',
      ),
      t(
        'Sicherheitsstiefel S3',
        'Safety boot S3',
        'Botte de sécurité S3',
        'Bota de seguridad S3',
        'Stivale antinfortunistico S3',
      ),
      t(
        'Sicherheitssandale S1',
        'Safety sandal S1',
        'Sandale de sécurité S1',
        'Sandalia de seguridad S1',
        'Sandalo antinfortunistico S1',
      ),
    ],
    materials: ['leather'],
    colours: ['black', 'grey', 'anthracite'],
    certificates: ['en20345', 'ce'],
    variant: { code: 'size', values: S.SHOE_SIZES },
  }),
};
