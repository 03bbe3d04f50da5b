// mediaApi.deleteMedium (src/lib/media/contract.ts): an unused medium leaves the library.
import { mediaLibrary } from '#lib/server/admin/index.ts';

export const POST = mediaLibrary.delete;
