// The pictures the shop draws itself as SVG, from their name alone: the demo's product views
// (/images/p/{sku}[_{view}].svg), category pictures (/images/c/{key}.svg) and attribute-option badges
// (/images/attr/{value}.svg).
import { attributeOptionImageSvg, categoryImageSvg, parseProductImageName, productImageSvg } from '../demo/index.ts';

const KEY = /^([a-z0-9-]{1,64})\.svg$/;

/** The SVG text of /images/{kind}/{file}, or null when no picture has that name. */
export function drawnImage(kind: string | undefined, file: string): string | null {
  if (kind === 'p') {
    const parsed = parseProductImageName(file);
    return parsed ? productImageSvg(parsed.sku, { view: parsed.view }) : null;
  }
  const key = KEY.exec(file)?.[1];
  if (!key) return null;
  if (kind === 'c') return categoryImageSvg(key);
  if (kind === 'attr') return attributeOptionImageSvg(key);
  return null;
}
