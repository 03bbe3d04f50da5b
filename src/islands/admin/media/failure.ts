// What a failed media library call tells the editor, by its code, in the workspace's language.
import type { MediaStrings } from '#lib/media/messages.ts';
import { failureText } from '../team/failure.ts';

export const mediaFailure = (error: unknown, strings: MediaStrings): string =>
  failureText(error, strings, {
    MEDIA_NOT_IMAGE: strings['media.error.notImage'],
    MEDIA_SVG_REFUSED: strings['media.error.svg'],
    MEDIA_TOO_LARGE: strings['media.error.tooLarge'],
    // The server front refuses a declared length over the limit before the library reads a byte.
    PAYLOAD_TOO_LARGE: strings['media.error.tooLarge'],
    MEDIA_TOO_MANY_PIXELS: strings['media.error.pixels'],
    MEDIA_NOT_FOUND: strings['media.error.notFound'],
    MEDIA_IN_USE: strings['media.error.inUse'],
    MEDIA_DUPLICATE: strings['media.error.duplicate'],
    MEDIA_ALT_MISSING: strings['media.error.altMissing'],
  });
