// The shop's own brand pictures (public/brand/*.svg) as text, for rasterising. They are static files, so
// they are read from wherever the running build keeps them: <build>/client/brand after `astro build`,
// public/brand when run from the repository.
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const cache = new Map<string, string | null>();

function candidates(file: string): string[] {
  const found = [join(process.cwd(), 'public', 'brand', file)];
  // The built route sits a few folders below <build>/server; <build>/client is its sibling.
  for (let dir = dirname(fileURLToPath(import.meta.url)), i = 0; i < 6; dir = dirname(dir), i += 1) {
    found.unshift(join(dir, 'client', 'brand', file));
  }
  return found;
}

/** The SVG text of /brand/{name}.svg, or null when there is none. */
export async function brandSvg(name: string): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{1,80}$/.test(name)) return null;
  const known = cache.get(name);
  if (known !== undefined) return known;
  let svg: string | null = null;
  for (const path of candidates(`${name}.svg`)) {
    svg = await readFile(path, 'utf8').catch(() => null);
    if (svg !== null) break;
  }
  cache.set(name, svg);
  return svg;
}

/**
 * A 1200×630 link-preview card (og:image of pages without a picture of their own): the logo
 * /brand/{name}.svg centred on white, the size and shape link previews are made for.
 */
export async function brandCardSvg(name: string): Promise<string | null> {
  const logo = await brandSvg(name);
  if (logo === null) return null;
  const href = `data:image/svg+xml;base64,${Buffer.from(logo).toString('base64')}`;
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630" width="1200" height="630">' +
    '<rect width="1200" height="630" fill="#ffffff"/>' +
    `<image href="${href}" x="150" y="165" width="900" height="300" preserveAspectRatio="xMidYMid meet"/></svg>`
  );
}
