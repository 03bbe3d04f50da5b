// An upload's bytes and what they are: read with the library's byte limit while they stream in (a
// larger file is refused without being read whole), then told by their content through sharp
// (src/lib/server/images/media.ts), never by the file's name or type; every refusal is coded.
import sharp from 'sharp';
import { ApiError } from '../../http.ts';
import { inspectPicture, MediaRefused, type Picture } from '../../images/index.ts';
import { MAX_MEDIUM_BYTES, MAX_MEDIUM_PIXELS } from '#lib/media/rules.ts';

const MEGABYTES = MAX_MEDIUM_BYTES / 1024 / 1024;
const MEGAPIXELS = MAX_MEDIUM_PIXELS / 1_000_000;

const tooLarge = () =>
  new ApiError(
    'MEDIA_TOO_LARGE',
    `The file is larger than ${MEGABYTES} MB; the library takes pictures up to ${MEGABYTES} MB.`,
    413,
    {
      maxBytes: MAX_MEDIUM_BYTES,
    },
  );

/** The request's body, at most MAX_MEDIUM_BYTES: past that it stops reading and refuses. */
export async function readUpload(request: Request): Promise<Uint8Array> {
  if (Number(request.headers.get('content-length') ?? 0) > MAX_MEDIUM_BYTES) throw tooLarge();
  if (!request.body) throw notImage();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      throw tooLarge(); // the server front's cap ends the stream with an error
    }
    if (chunk.done) break;
    received += chunk.value.byteLength;
    if (received > MAX_MEDIUM_BYTES) {
      reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(chunk.value);
  }
  if (received === 0) throw notImage();
  return Buffer.concat(chunks);
}

const notImage = () =>
  new ApiError(
    'MEDIA_NOT_IMAGE',
    'The file is not a picture: the library takes JPEG, PNG, WebP, AVIF, GIF or TIFF.',
    422,
  );

function refusal(error: MediaRefused): ApiError {
  switch (error.reason) {
    case 'svg':
      return new ApiError(
        'MEDIA_SVG_REFUSED',
        'SVG drawings are refused: they can carry script. Upload the picture as PNG or WebP.',
        415,
      );
    case 'pixels':
      return new ApiError(
        'MEDIA_TOO_MANY_PIXELS',
        `The picture ${error.message}; the library takes up to ${MEGAPIXELS} megapixels.`,
        422,
        { maxPixels: MAX_MEDIUM_PIXELS },
      );
    default:
      return notImage();
  }
}

/**
 * The picture the bytes are. Reading the header is not enough (a truncated file has a valid one): the
 * whole picture is decoded once, as the smallest rendition would be.
 */
export async function checkedPicture(bytes: Uint8Array): Promise<Picture> {
  let picture: Picture;
  try {
    picture = await inspectPicture(bytes, MAX_MEDIUM_PIXELS);
  } catch (error) {
    if (error instanceof MediaRefused) throw refusal(error);
    throw error;
  }
  try {
    await sharp(bytes, { limitInputPixels: MAX_MEDIUM_PIXELS }).resize({ width: 16 }).raw().toBuffer();
  } catch {
    throw notImage();
  }
  return picture;
}
