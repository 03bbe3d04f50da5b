// The media library: mediaApi.media (src/lib/media/contract.ts) lists it; a POST of a picture's bytes
// (?name=) adds it, or answers the medium those bytes are already.
import { mediaLibrary } from '#lib/server/admin/index.ts';

export const GET = mediaLibrary.list;
export const POST = mediaLibrary.upload;
