// Where the media library's operations live. The upload and the replacement take the file's raw bytes
// as their body (so the browser can report the bytes sent); the others are JSON operations (contract.ts).
import { route } from '../http/route.ts';

export const mediaRoutes = {
  media: route('GET', '/api/admin/media'),
  updateAlt: route('POST', '/api/admin/media/alt'),
  deleteMedium: route('POST', '/api/admin/media/delete'),
} as const;

/** POST, the file as the body, ?name= its file name: a new medium, or the one with the same bytes. */
export const MEDIA_UPLOAD_PATH = '/api/admin/media';
/** POST, the file as the body, ?id= the medium whose file it replaces. */
export const MEDIA_REPLACE_PATH = '/api/admin/media/replace';
