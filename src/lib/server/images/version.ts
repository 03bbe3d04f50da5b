// Versions in the drawn pictures' URLs (the rule: src/lib/site/images.ts). A drawn picture changes
// only when the code that draws it does, so its version is a digest of what it draws, computed once
// per process and picture.
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { withImageVersion } from '#lib/site/images.ts';
import { drawnImage } from './drawn.ts';

const DRAWN_URL = /^\/images\/([a-z]+)\/([A-Za-z0-9_-]{1,80}\.svg)(?:\?.*)?$/;

/** @internal A short digest of a picture's bytes: what its URL carries as ?v=. */
export const contentVersion = (content: string | Uint8Array): string =>
  createHash('sha256').update(content).digest('base64url').slice(0, 8);

/** Remembered: a listing names dozens of pictures per page, each would be drawn just to name it. */
const versions = new LRUCache<string, string>({ max: 50_000 });

/** The current version of /images/{kind}/{file} (an SVG the shop draws), or null when there is no such picture. */
export function drawnImageVersion(kind: string | undefined, file: string): string | null {
  const key = `${kind}/${file}`;
  const known = versions.get(key);
  if (known) return known;
  const svg = drawnImage(kind, file);
  if (svg === null) return null;
  const version = contentVersion(svg);
  versions.set(key, version);
  return version;
}

/**
 * How a requested version compares with the picture's: the one pages name now (cache it for good), none
 * (an address from before versions, or typed in: answer, but not for good), or an older one.
 */
export function versionState(asked: string | null, current: string): 'current' | 'unversioned' | 'outdated' {
  if (asked === null) return 'unversioned';
  return asked === current ? 'current' : 'outdated';
}

/**
 * The URL a page or an API names for a picture: a drawn one with its current version; an imported one
 * (named by the digest of its bytes) or one elsewhere as it is.
 */
export function versionedImage(src: string): string;
export function versionedImage(src: string | null): string | null;
export function versionedImage(src: string | null): string | null {
  const m = src === null ? null : DRAWN_URL.exec(src);
  if (!m?.[1] || !m[2]) return src;
  const version = drawnImageVersion(m[1], m[2]);
  return version ? withImageVersion(src!, version) : src;
}
