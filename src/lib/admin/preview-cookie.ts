/** The editor's preview cookie (src/lib/server/preview.ts); named here so the server front can pass it on without loading the server code. */
export const PREVIEW_COOKIE = 'vsf-preview';
