import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { parse as parseCookie } from 'cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BOOT_HASH_META, type DrawnScreen, type DrawTask, ENTRY_HELD_PAGE, PAGE_COOKIE, phonePageOf, SERVER_SCREEN_DIR, SERVER_SCREEN_ENTRY, ZONE_COOKIE, withServerScreen } from '../../common/firstScreen';
import { askFirst, type Ask } from '../../common/firstAsks';
import { isKnownTimeZone } from '../../common/timeZone';
import { API_PREFIX } from '../auth/authPlugin';
import { createWorkerPool } from '../workers/workerPool';

/** Pages being prepared at once (asking their answers, or being drawn); past it a page is served plain at once. */
const MAX_IN_FLIGHT = 2;
/**
 * How long a page waits for its answers and its drawing (bench/serverScreen.ts: ~60 ms a draw of
 * the demo's SKD-001; a board's widgets run scripts), and how much longer the first draw of a new
 * thread, which first loads the drawer (~1 MB of code).
 */
export const FIRST_SCREEN_WAIT_MS = 1_500;
const THREAD_START_MS = 5_000;

/** The API's own handlers, asked with the session's token: every permission check and every refusal is the API's. */
const askerFor =
  (app: FastifyInstance, token: string): Ask =>
  async (apiPath, authenticated = true) => {
    const headers = authenticated ? { 'x-auth': token, accept: 'application/json' } : { accept: 'application/json' };
    const answer = await app.inject({ method: 'GET', url: `${API_PREFIX}${apiPath}`, headers });
    return answer.statusCode === 200 ? (answer.json() as unknown) : undefined;
  };

/** The page a drawn screen goes into, with the CSP sources of its inline scripts ("'sha256-…'"). */
interface HeldPage {
  page: string;
  scriptSources: string[];
}

const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

/**
 * The page as read, with its inline scripts' hashes taken from its own text: what the browser
 * checks is the page it receives, whatever changed it after the build. A script that is not the
 * one the build compiled (its hash in BOOT_HASH_META) is logged: the page was changed since.
 */
function heldPage(page: string, log: FastifyInstance['log']): HeldPage {
  const scriptSources = [...page.matchAll(INLINE_SCRIPT)].map(([, code]) => `'sha256-${createHash('sha256').update(code!).digest('base64')}'`);
  const built = new RegExp(`<meta name="${BOOT_HASH_META}" content="([^"]+)">`).exec(page)?.[1];
  if (built && !scriptSources.includes(`'${built}'`)) log.error({ built, inPage: scriptSources }, `${ENTRY_HELD_PAGE}: its inline script is not the one the build compiled; drawn pages allow the one it holds`);
  return { page, scriptSources };
}

/** The reply's CSP with these inline scripts allowed. */
function allowingScripts(reply: FastifyReply, sources: readonly string[]): void {
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy === 'string' && sources.length > 0) reply.header('content-security-policy', policy.replace(/(^|;)\s*script-src /, (directive) => `${directive}${sources.join(' ')} `));
}

/** The page's bytes in the best encoding the phone accepts (brotli at a fast level: drawn per request). */
function encoded(request: FastifyRequest, reply: FastifyReply, page: string): Buffer | string {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  reply.header('vary', 'accept-encoding, cookie');
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
  if (encoding) reply.header('content-encoding', encoding);
  if (encoding === 'br') return brotliCompressSync(page, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
  return encoding === 'gzip' ? gzipSync(page) : page;
}

export interface ServerScreens {
  /** Answers the page request with its first screen drawn, when it can; false when the caller sends the plain page. */
  answer(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

/**
 * A phone page's first visit (the technician home; the inspect view, opened from a label's link; the
 * on-site board) would wait for the app's code (~440 KiB over a phone's network) before its data
 * could be drawn. With the session's cookie (PAGE_COOKIE) the server asks what the page shows first
 * (common/firstAsks.ts) and draws that screen with the app's own tree, in a thread of the worker pool
 * (a render is tens of milliseconds of synchronous work), times in the phone's zone (ZONE_COOKIE).
 *
 * A drawn screen is a head start, never a requirement: anything that goes wrong — no build, no
 * cookie, a refused session, MAX_IN_FLIGHT pages already being prepared, answers or drawing past
 * the wait (FIRST_SCREEN_WAIT_MS unless configured), a render that throws — serves the plain page at once, never queued. A page that stops
 * waiting keeps its place until its answers and drawing end: what runs for pages stays bounded.
 */
export function loadServerScreens(app: FastifyInstance, distDir: string, waitMs = FIRST_SCREEN_WAIT_MS): ServerScreens | null {
  const pageFile = path.join(distDir, ENTRY_HELD_PAGE);
  // The server build of the app's screens (src/platform/firstScreen/drawScreen.tsx, built by build/firstScreenBuild.ts).
  const entryFile = path.join(distDir, '..', SERVER_SCREEN_DIR, SERVER_SCREEN_ENTRY);
  if (!existsSync(pageFile) || !existsSync(entryFile)) return null;
  // Read again when the build rewrites it: a page naming the chunks of a build that is gone would never start.
  let read: { at: number; held: HeldPage } | null = null;
  const currentPage = () => {
    const at = statSync(pageFile).mtimeMs;
    if (read?.at !== at) read = { at, held: heldPage(readFileSync(pageFile, 'utf8'), app.log) };
    return read.held;
  };
  currentPage();
  // Its one thread loads the drawer (~1 MB of code) as it starts and is kept for the next draw; a
  // crashed thread, or one whose drawer did not load (a build being written), fails its draw and is replaced.
  const pool = createWorkerPool<(task: DrawTask) => Promise<DrawnScreen>>({ task: pathToFileURL(entryFile), maxHeapMb: 512 });
  app.addHook('onClose', () => pool.close());
  let inFlight = 0;
  return {
    async answer(request, reply) {
      const pagePath = request.url.split('?')[0]!;
      const phonePage = request.method === 'GET' ? phonePageOf(pagePath) : null;
      const { [PAGE_COOKIE]: token, [ZONE_COOKIE]: timeZone } = phonePage ? parseCookie(request.headers.cookie ?? '') : {};
      // Times drawn in the server's zone would change under the user's eyes at hydration: no zone the server knows, no drawing.
      if (!phonePage || !token || !timeZone || !isKnownTimeZone(timeZone) || inFlight >= MAX_IN_FLIGHT) return false;
      inFlight += 1;
      const waitingMs = waitMs + (pool.threadCount() === 0 ? THREAD_START_MS : 0);
      const preparing = (async () => {
        const answers = await askFirst(phonePage, askerFor(app, token));
        return answers && { answers, screen: await pool.run({ path: pagePath, answers, drawnFor: { timeZone, userAgent: request.headers['user-agent'] ?? '' } }) };
      })()
        .catch((error: unknown) => {
          request.log.warn({ err: error, path: pagePath }, 'first screen not drawn; the plain page is served');
          return null;
        })
        .finally(() => (inFlight -= 1));
      let timer: NodeJS.Timeout | undefined;
      const prepared = await Promise.race([preparing, new Promise<null>((resolve) => (timer = setTimeout(resolve, waitingMs, null)))]);
      clearTimeout(timer);
      const { page, scriptSources } = currentPage();
      const drawn = prepared && withServerScreen(page, { ...prepared.screen, answers: prepared.answers });
      if (!drawn) return false;
      allowingScripts(reply, scriptSources);
      // The user's own data: kept by no cache, shared by no one.
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      await reply.send(encoded(request, reply, drawn));
      return true;
    },
  };
}
