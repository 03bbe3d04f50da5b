// mediaApi.updateAlt (src/lib/media/contract.ts): a medium's alternative texts.
import { mediaLibrary } from '#lib/server/admin/index.ts';

export const POST = mediaLibrary.updateAlt;
