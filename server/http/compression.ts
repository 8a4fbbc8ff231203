import type { FastifyInstance, FastifyReply, onSendHookHandler } from 'fastify';
import compress from '@fastify/compress';

/** Answers smaller than this are sent as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

const stashed = new WeakMap<FastifyReply, string>();
/** ra-data-simple-rest's `Content-Range: asset 0-24/10000` (DESIGN §3), not an HTTP byte range. */
const ITEM_RANGE = /^(?!bytes\b)\S+ \d+-\d+\/\d+$/;

const hideItemRange: onSendHookHandler = (_request, reply, payload, done) => {
  const range = reply.getHeader('content-range');
  if (typeof range === 'string' && ITEM_RANGE.test(range)) {
    stashed.set(reply, range);
    reply.removeHeader('content-range');
  }
  done(null, payload);
};

const restoreItemRange: onSendHookHandler = (_request, reply, payload, done) => {
  const range = stashed.get(reply);
  if (range !== undefined) reply.header('content-range', range);
  done(null, payload);
};

/**
 * Issue 16 §7: JSON answers over ~1 KB go out brotli- or gzip-compressed to clients that accept
 * it (phones on weak signal). Registered in the /api scope only: the built web app is served from
 * its precompressed .br/.gz copies (app.ts), which are not compressed again.
 *
 * @fastify/compress leaves any answer with a Content-Range alone, since that header normally
 * counts bytes of the unencoded body. Ours counts list rows, and paged lists are the common
 * list call: the header is set aside around the compression and put back after it.
 */
export async function compressApiAnswers(api: FastifyInstance) {
  await api.register(compress, { threshold: COMPRESS_THRESHOLD_BYTES, encodings: ['br', 'gzip'] });
  // Registered after the plugin's own onRoute hook, so its onSend sits between the two of ours.
  api.addHook('onRoute', (route) => {
    const own = route.onSend === undefined ? [] : [route.onSend].flat();
    route.onSend = [hideItemRange, ...own, restoreItemRange];
  });
}
