import type { MultipartFile } from '@fastify/multipart';

/**
 * The bytes of an uploaded part, or null when it is larger than the route's `fileSize` limit.
 * `toBuffer()` alone is not enough: it looks at the part's `truncated` flag only as each chunk
 * arrives, and when the limit falls exactly on a chunk's end, busboy flags the truncation on the
 * next chunk, after the last one was read — `toBuffer()` then answers the file cut to the limit
 * (fastify-multipart #428, #542). Once the part has ended the flag is final, so it is read again.
 */
export async function wholePartOrNull(part: MultipartFile): Promise<Buffer | null> {
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return null;
    throw error;
  }
  return part.file.truncated ? null : data;
}
