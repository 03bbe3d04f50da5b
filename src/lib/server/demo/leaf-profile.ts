// The shape of a leaf category's profile, read by the three profile lists (product-types*.ts) and
// the product generator: a module of its own, so the lists need not import each other.
import type * as S from './specs.ts';
import type { Pictogram } from './pictograms.ts';
import type { L } from './vocabulary.ts';

export interface LeafProfile {
  /** Three-letter SKU prefix; images recover the pictogram from it. */
  prefix: string;
  pictogram: Pictogram;
  types: L[];
  usage: L;
  spec: S.Spec;
  /** Regular price range in EUR. */
  price: [number, number];
  weight: [number, number];
  materials: string[];
  colours: string[];
  certificates: string[];
  variant?: { code: 'size' | 'colour'; values: readonly string[] };
  included?: string[];
  accessoryFrom?: string[];
}
