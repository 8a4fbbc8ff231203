import { useCallback } from 'react';
import { useLogoutIfAccessDenied } from 'react-admin';
import { apiUrl } from '../../../platform/dataProvider/apiBase';
import { httpClient } from '../../../platform/dataProvider/httpClient';
import { sessionStore } from '../../../platform/authProvider/sessionStore';

/** docs/inspections.md: photos go up scaled to this longest side, as JPEG. */
export const UPLOAD_LONGEST_SIDE = 1600;
const JPEG_QUALITY = 0.85;

export interface UploadedFile {
  _id: string;
  name: string;
  contentType: string;
  size: number;
}

/**
 * A camera photo of 4000 px and 5 MB scaled down to 1600 px JPEG before it leaves the phone: a
 * basement signal cannot carry the original. Re-encoding also drops the photo's EXIF (GPS
 * position included). Where the browser cannot decode or draw it, the original goes up and the
 * server judges it (415 for a type it does not take).
 */
export async function scaleForUpload(file: Blob, longestSide: number = UPLOAD_LONGEST_SIDE): Promise<Blob> {
  if (typeof createImageBitmap !== 'function') return file;
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const scale = Math.min(1, longestSide / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
    return blob ?? file;
  } catch {
    return file;
  }
}

function jpegName(name: string): string {
  const base = name.replace(/\.[^./]+$/, '') || 'photo';
  return `${base}.jpg`;
}

export interface UploadOptions {
  /** The declared file or photo field it is for (`sparePart.datasheet`): POST /file?for=<entity>.<field>. */
  for?: string;
  /** Refused before any request when larger, after scaling: the server would only answer 413 after the whole upload. */
  maxBytes?: number;
}

/** A file over UploadOptions.maxBytes: nothing was sent. */
export class UploadTooLargeError extends Error {
  constructor(readonly size: number, readonly maxBytes: number) {
    super(`The file is ${size} bytes, more than ${maxBytes}`);
  }
}

// A type the browser does not know may still be a picture it can decode; scaleForUpload leaves what it cannot.
const mayBeImage = (file: File) => file.type === '' || file.type.startsWith('image/');

/**
 * POST /file with the file as the multipart part `file`: pictures scaled first, anything else (a
 * PDF) as it is; 401/403 go to Login (spec §8).
 */
export function useImageUpload(options: UploadOptions = {}) {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const { for: target, maxBytes } = options;
  return useCallback(
    async (file: File): Promise<UploadedFile> => {
      const scaled = mayBeImage(file) ? await scaleForUpload(file) : file;
      if (maxBytes !== undefined && scaled.size > maxBytes) throw new UploadTooLargeError(scaled.size, maxBytes);
      const form = new FormData();
      form.append('file', scaled, scaled === file ? file.name : jpegName(file.name));
      try {
        const { json } = await httpClient(apiUrl('/file', { for: target }), { method: 'POST', body: form });
        return json as UploadedFile;
      } catch (error: unknown) {
        await logoutIfAccessDenied(error);
        throw error;
      }
    },
    [logoutIfAccessDenied, target, maxBytes],
  );
}

/**
 * Which bytes of a stored picture to read: `original`, the file as uploaded (GET /file/:id), or
 * `thumbnail`, the server's copy scaled to fit THUMBNAIL_MAX_SIDE (GET /file/:id/thumbnail), for
 * renders of a few dozen pixels: a browser decodes a camera photo whole even to draw it at 48 px.
 */
export type FileVariant = 'original' | 'thumbnail';

const filePath = (fileId: string, variant: FileVariant) => `/file/${encodeURIComponent(fileId)}${variant === 'thumbnail' ? '/thumbnail' : ''}`;

// Reads of a file under way: a screen showing one picture twice (a table row's thumbnail and its
// expanded detail) downloads it once. Forgotten when the read ends; the browser's cache keeps the rest.
const reading = new Map<string, Promise<Blob>>();

async function readFile(path: string): Promise<Blob> {
  const headers = new Headers();
  const token = sessionStore.getToken();
  if (token) headers.set('x-auth', token);
  const response = await fetch(apiUrl(path), { headers });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return response.blob();
}

/**
 * An uploaded file's bytes: GET /file/:id needs the x-auth header, which <img src> cannot send.
 * `signal` stops the wait, not a download another view is waiting for too.
 */
export function fetchFileBlob(fileId: string, signal?: AbortSignal, variant: FileVariant = 'original'): Promise<Blob> {
  const path = filePath(fileId, variant);
  let read = reading.get(path);
  if (!read) {
    read = readFile(path).finally(() => reading.delete(path));
    reading.set(path, read);
  }
  if (!signal) return read;
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    read.then(resolve, reject);
  });
}

/** An uploaded file's bytes as an object URL, for <img src>. */
export async function fetchFileUrl(fileId: string, signal?: AbortSignal, variant: FileVariant = 'original'): Promise<string> {
  return URL.createObjectURL(await fetchFileBlob(fileId, signal, variant));
}
