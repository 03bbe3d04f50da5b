// Product names, subtitles, descriptions and included-item names for one family, in all languages.
import type { LeafProfile } from './leaf-profile.ts';
import type { Rng } from './random.ts';
import {
  describe,
  INCLUDED_ITEMS,
  LOCALES,
  MATERIALS,
  mapL,
  SELLING_POINTS,
  SIZE_WORD,
  type L,
  type Locale,
} from './vocabulary.ts';

export interface FamilyTexts {
  name: L;
  subtitle: L;
  description(name: string, locale: Locale): string;
  included(itemnum: string): L;
}

const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

export function familyTexts(p: {
  profile: LeafProfile;
  type: L;
  suffix: L;
  brandName: string;
  material: string;
  rng: Rng;
}): FamilyTexts {
  const points = p.rng.sample(SELLING_POINTS, p.rng.int(1, 2));
  const material = MATERIALS[p.material] as L;
  return {
    name: Object.fromEntries(LOCALES.map((l) => [l, `${p.type[l]} ${p.suffix[l]}`.trim()])) as L,
    subtitle: mapL(p.profile.usage, capitalize),
    description: (name, locale) =>
      describe(locale, {
        name,
        brand: p.brandName,
        usage: p.profile.usage[locale],
        material: material[locale],
        points: points.map((x) => x[locale]),
      }),
    included: (itemnum) => ({ ...(INCLUDED_ITEMS[itemnum] as L) }),
  };
}

/** How a variant is told apart in its name: "Größe 9", "Rot". */
export function variantLabel(axis: 'size' | 'colour', value: string, colours: Record<string, L>): L {
  return axis === 'size' ? mapL(SIZE_WORD, (w) => `${w} ${value}`) : (colours[value] as L);
}
