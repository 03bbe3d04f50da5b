// The media library's calls from the workspace: the JSON operations through the typed client, and the
// upload and replacement with the file's raw bytes as the body, sent by XMLHttpRequest because it
// reports the bytes sent (a fetch with a body does not). A failure is the ApiClientError every
// workspace island turns into words.
import { ApiClientError, endpoints, toClientError } from '../http/client.ts';
import type { mediaApi, MediumRow, UploadAnswer } from './contract.ts';
import { MEDIA_REPLACE_PATH, MEDIA_UPLOAD_PATH, mediaRoutes } from './routes.ts';

export const mediaClient = endpoints<typeof mediaApi>(mediaRoutes);

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};

function sendFile<T>(url: string, file: File, onProgress: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('accept', 'application/json');
    // What the file is, the server tells from its bytes: an opaque type keeps the body a file.
    xhr.setRequestHeader('content-type', 'application/octet-stream');
    xhr.upload.onprogress = (event) =>
      onProgress(event.loaded / (event.lengthComputable ? event.total : file.size || 1));
    xhr.onload = () => {
      const payload = parsed(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && payload) resolve(payload as T);
      else if (xhr.status >= 200 && xhr.status < 300)
        reject(new ApiClientError('HTTP_ERROR', xhr.statusText, xhr.status));
      else reject(toClientError(payload, xhr));
    };
    xhr.onerror = () => reject(new ApiClientError('NETWORK_ERROR', 'The upload did not reach the server.', 0));
    xhr.send(file);
  });
}

/** Adds a picture; answers the new medium, or the one these bytes are already (created: false). */
export const uploadMedium = (file: File, onProgress: (fraction: number) => void): Promise<UploadAnswer> =>
  sendFile(`${MEDIA_UPLOAD_PATH}?${new URLSearchParams({ name: file.name || 'upload' })}`, file, onProgress);

/** Gives a medium a new file; the pages showing it are published again. */
export const replaceMediumFile = (id: number, file: File, onProgress: (fraction: number) => void): Promise<MediumRow> =>
  sendFile(`${MEDIA_REPLACE_PATH}?id=${id}`, file, onProgress);
