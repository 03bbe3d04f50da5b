// The demo shop's image service: product, category and attribute-option pictures rendered as SVG
// from their key on request. Responses are immutable, so a CDN keeps them after the first hit.
import type { APIRoute } from 'astro';
import {
  attributeOptionImageSvg, categoryImageSvg, parseProductImageName, productImageSvg,
} from '#lib/server/demo/index.ts';

const KEY = /^([a-z0-9-]{1,64})\.svg$/;

function render(kind: string | undefined, file: string): string | null {
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

export const GET: APIRoute = ({ params }) => {
  const svg = render(params.kind, params.file ?? '');
  if (!svg) {
    return Response.json({ code: 'NOT_FOUND', message: 'Image not found', status: 404 }, { status: 404 });
  }
  return new Response(svg, {
    headers: {
      'content-type': 'image/svg+xml; charset=utf-8',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
};
