// A medium's new file (?id=, the picture's bytes as the body): the pages showing it are published again.
import { mediaLibrary } from '#lib/server/admin/index.ts';

export const POST = mediaLibrary.replace;
