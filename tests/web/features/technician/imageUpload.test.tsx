import type { ReactNode } from 'react';
import { renderHook } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UploadTooLargeError, useImageUpload, type UploadOptions } from '../../../../src/features/technician/inspect/imageUpload';
import { jsonResponse, mockApi } from '../../helpers/mockApi';

/*
 * The one uploader (POST /api/file, multipart part `file`): an inspection's picture as before, and
 * a declared field's file (`for=<entity>.<field>`), pictures scaled to 1600 px JPEG, PDFs as they are.
 */
const STORED = { _id: 'f1', name: 'x', contentType: 'image/jpeg', size: 3 };
const drawn: { width: number; height: number }[] = [];

beforeEach(() => {
  drawn.length = 0;
  // A camera photo of 4000 × 3000 as the browser decodes it, drawn on a canvas that encodes JPEG.
  vi.stubGlobal('createImageBitmap', vi.fn(async () => ({ width: 4000, height: 3000, close: () => undefined })));
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    drawn.push({ width: this.width, height: this.height });
    return { drawImage: () => undefined } as unknown as CanvasRenderingContext2D;
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((done: BlobCallback) => done(new Blob(['jpeg'], { type: 'image/jpeg' })));
});
afterEach(() => vi.restoreAllMocks());

function upload(options?: UploadOptions) {
  localStorage.setItem('jwt', 'stored-jwt');
  const api = mockApi({ 'POST /api/file': () => jsonResponse(200, STORED) });
  const wrapper = ({ children }: { children: ReactNode }) => <AdminContext>{children}</AdminContext>;
  const { result } = renderHook(() => useImageUpload(options), { wrapper });
  return { api, send: result.current };
}

const sentFile = () => {
  const [[url, init] = []] = vi.mocked(fetch).mock.calls;
  return { url: new URL(String(url), 'http://localhost'), file: (init?.body as FormData).get('file') as File };
};

describe('useImageUpload', () => {
  it("sends an inspection's photo scaled to 1600 px JPEG, with no `for`, as before", async () => {
    const { send } = upload();
    expect(await send(new File(['raw'], 'plate.png', { type: 'image/png' }))).toEqual(STORED);
    const { url, file } = sentFile();
    expect(url.pathname).toBe('/api/file');
    expect(url.search).toBe('');
    expect(file.name).toBe('plate.jpg');
    expect(file.type).toBe('image/jpeg');
    expect(drawn).toEqual([{ width: 1600, height: 1200 }]);
  });

  it("sends a declared field's picture scaled, for that field", async () => {
    const { send } = upload({ for: 'sparePart.photo' });
    await send(new File(['raw'], 'seal.webp', { type: 'image/webp' }));
    const { url, file } = sentFile();
    expect(url.searchParams.get('for')).toBe('sparePart.photo');
    expect(file.name).toBe('seal.jpg');
    expect(drawn).toEqual([{ width: 1600, height: 1200 }]);
  });

  it('sends a PDF as it is', async () => {
    const { send } = upload({ for: 'sparePart.datasheet' });
    await send(new File(['%PDF-1.7'], 'sheet.pdf', { type: 'application/pdf' }));
    const { url, file } = sentFile();
    expect(url.searchParams.get('for')).toBe('sparePart.datasheet');
    expect(file.name).toBe('sheet.pdf');
    expect(await file.text()).toBe('%PDF-1.7');
    expect(createImageBitmap).not.toHaveBeenCalled();
  });

  it('refuses a file over maxBytes before any request', async () => {
    const { api, send } = upload({ for: 'sparePart.datasheet', maxBytes: 10 });
    await expect(send(new File(['%PDF-1.7 and more'], 'sheet.pdf', { type: 'application/pdf' }))).rejects.toBeInstanceOf(UploadTooLargeError);
    expect(api.calls).toEqual([]);
  });
});
