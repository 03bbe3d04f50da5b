// Data sheets and manuals brought by a catalogue import (PDF only), stored by the digest of their
// bytes: immutable, opened in the browser's viewer, never run as a page of the shop.
import type { APIRoute } from 'astro';
import { readMedia } from '#lib/server/images/index.ts';

export const GET: APIRoute = async ({ params }) => {
  const file = params.file ?? '';
  const bytes = file.endsWith('.pdf') ? await readMedia(file) : null;
  if (!bytes) return Response.json({ code: 'NOT_FOUND', message: 'File not found', status: 404 }, { status: 404 });
  return new Response(new Uint8Array(bytes), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': 'inline',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': 'sandbox',
    },
  });
};
