import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BOOT_HASH_META, ENTRY_HELD_PAGE, INSPECT_VIEW_PATH, ONSITE_PATH, PAGE_COOKIE, SERVER_SCREEN_DIR, SERVER_SCREEN_ENTRY, SERVER_SCREEN_PATHS, TECHNICIAN_HOME_PATH, ZONE_COOKIE, withServerScreen } from '../../common/firstScreen';
import type { DashboardRecord } from '../../common/resources/dashboard';
import { isKnownTimeZone } from '../../common/timeZone';
import type { SessionUser } from '../../common/api';
import { APPLICATION_INFO_PATH, boardAsks, homeAsks, inspectViewAsks, SESSION_PATH } from '../../common/firstAsks';
import { API_PREFIX } from '../auth/authPlugin';
import { createScreenDrawer, type DrawerLimits } from './serverScreenDrawer';

/**
 * Pages prepared or drawn at once, and how long a page waits for its first screen's drawing
 * (bench/serverScreen.ts: ~60 ms a draw of the demo's SKD-001), the first after a start longer: the
 * worker loads the drawer then.
 */
const DRAWER_LIMITS: DrawerLimits = { maxInFlight: 2, timeoutMs: 1_500, startMs: 5_000 };
/** How long a page waits for the answers its screen is drawn with (a board's widgets run scripts, up to SCRIPT_TIME_LIMIT_MS each). */
const ANSWERS_WAIT_MS = DRAWER_LIMITS.timeoutMs;

const SCREEN_PATH = new RegExp(SERVER_SCREEN_PATHS);

/** The value of one cookie of the request (RFC 6265 syntax: `a=1; b=2`), or null. */
function cookieValue(request: FastifyRequest, name: string): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim() || null;
  }
  return null;
}

/** The phone's time zone from ZONE_COOKIE, when it is one this server knows; null otherwise. */
function phoneTimeZone(request: FastifyRequest): string | null {
  const raw = cookieValue(request, ZONE_COOKIE);
  if (raw === null) return null;
  try {
    const zone = decodeURIComponent(raw);
    return isKnownTimeZone(zone) ? zone : null;
  } catch {
    return null;
  }
}

type Ask = (apiPath: string, authenticated?: boolean) => Promise<unknown>;
type Answers = Record<string, unknown>;

const INSPECT_VIEW = new RegExp(INSPECT_VIEW_PATH);
const ONSITE = new RegExp(ONSITE_PATH);
const TECHNICIAN_HOME = new RegExp(TECHNICIAN_HOME_PATH);

/** Asks every path at once; the answers that came (200) under their paths. */
async function askAll(ask: Ask, paths: string[]): Promise<Answers> {
  const answered = await Promise.all(paths.map((apiPath) => ask(apiPath)));
  return Object.fromEntries(paths.flatMap((apiPath, index) => (answered[index] === undefined ? [] : [[apiPath, answered[index]]])));
}

/**
 * What the page asks first (common/firstAsks.ts), asked through the API's own handlers with the
 * session's token, so every permission check and every refusal is the API's. Null when the session
 * is refused, or the page's own data is not answered (the app then shows its own not-found or error
 * screen); a user without a board gets no board answers (the board then says it has none).
 */
async function askedFirst(app: FastifyInstance, pagePath: string, token: string): Promise<Answers | null> {
  const ask: Ask = async (apiPath, authenticated = true) => {
    const answer = await app.inject({ method: 'GET', url: `${API_PREFIX}${apiPath}`, headers: authenticated ? { 'x-auth': token, accept: 'application/json' } : { accept: 'application/json' } });
    return answer.statusCode === 200 ? (answer.json() as unknown) : undefined;
  };
  const inspected = INSPECT_VIEW.exec(pagePath)?.[1];
  let inspect: ReturnType<typeof inspectViewAsks> | null = null;
  if (inspected !== undefined) {
    try {
      inspect = inspectViewAsks(decodeURIComponent(inspected));
    } catch {
      return null;
    }
  } else if (!ONSITE.test(pagePath) && !TECHNICIAN_HOME.test(pagePath)) {
    return null;
  }
  // The inspect view's group is asked beside the session; the boards and the home's lists need the session's user first.
  const [user, applicationInfo, assets] = await Promise.all([
    ask(SESSION_PATH) as Promise<SessionUser | undefined>,
    ask(APPLICATION_INFO_PATH, false),
    inspect ? ask(inspect.own) : undefined,
  ]);
  if (!user) return null;
  /** The user's board and its unfiltered widgets' figures; null when the user's board is not answered. */
  const board = async (): Promise<Answers | null> => {
    const boardPath = boardAsks.own(user);
    if (!boardPath) return {};
    const dashboard = (await ask(boardPath)) as DashboardRecord | undefined;
    return dashboard ? { [boardPath]: dashboard, ...(await askAll(ask, boardAsks.then(dashboard))) } : null;
  };
  let own: Answers | null;
  if (inspect) {
    if (!Array.isArray(assets) || assets.length === 0) return null;
    own = { [inspect.own]: assets, ...(await askAll(ask, inspect.then(user, assets as { _id: string }[]))) };
  } else if (ONSITE.test(pagePath)) {
    own = await board();
  } else {
    // The home shows its lists whatever the board answers: a board not answered is drawn as the app draws it then.
    const [lists, boardAnswers] = await Promise.all([askAll(ask, homeAsks.own(user)), board()]);
    own = { ...lists, ...boardAnswers };
  }
  if (!own) return null;
  return { [SESSION_PATH]: user, ...(applicationInfo ? { [APPLICATION_INFO_PATH]: applicationInfo } : {}), ...own };
}

/** The page's bytes in the best encoding the phone accepts (brotli at a fast level: drawn per request). */
function encoded(request: FastifyRequest, reply: FastifyReply, page: string): Buffer | string {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  reply.header('vary', 'accept-encoding, cookie');
  if (/\bbr\b/.test(accepted)) {
    reply.header('content-encoding', 'br');
    return brotliCompressSync(page, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
  }
  if (/\bgzip\b/.test(accepted)) {
    reply.header('content-encoding', 'gzip');
    return gzipSync(page);
  }
  return page;
}

/** The page a drawn screen goes into, with the CSP sources of its inline scripts ('sha256-…'). */
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

/** The reply's CSP with the page's inline scripts allowed, and no other. */
function allowingScripts(reply: FastifyReply, sources: readonly string[]): void {
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy === 'string' && sources.length > 0) reply.header('content-security-policy', policy.replace(/(^|;)\s*script-src /, (directive) => `${directive}${sources.join(' ')} `));
}

export interface ServerScreens {
  /** Answers the page request with its first screen drawn, when it can; false when the caller sends the plain page. */
  answer(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

/**
 * Issues 20, 41: the first visit of a phone page (the technician home; the inspect view, opened
 * from a label's link; the on-site board) waited for the app's code (~440 KiB over a phone's
 * network) before its data could be drawn. With the session's cookie (PAGE_COOKIE) the server draws
 * that screen itself, with the app's own tree and the API's own answers, into the page it serves:
 * painted at once, then hydrated by React with the same answers, which the page holds
 * (src/platform/firstScreen/startApp.tsx); its
 * times in the phone's zone (ZONE_COOKIE). It is drawn in a worker thread (serverScreenDrawer.ts), at most
 * DRAWER_LIMITS pages prepared or drawn at once. Anything that goes wrong — no build, no cookie, a
 * refused session, a busy or slow drawer, answers too slow, a render that throws — serves the plain page.
 */
export function loadServerScreens(app: FastifyInstance, distDir: string): ServerScreens | null {
  const pageFile = path.join(distDir, ENTRY_HELD_PAGE);
  // The server build of the app's screens (src/platform/firstScreen/drawScreen.tsx, built by build/serverScreenBuild.ts).
  const entry = path.join(distDir, '..', SERVER_SCREEN_DIR, SERVER_SCREEN_ENTRY);
  if (!existsSync(pageFile) || !existsSync(entry)) return null;
  // Read again when the build rewrites it: a page naming the chunks of a build that is gone would never start.
  let read: { at: number; held: HeldPage } | null = null;
  const currentPage = () => {
    const at = statSync(pageFile).mtimeMs;
    if (read?.at !== at) read = { at, held: heldPage(readFileSync(pageFile, 'utf8'), app.log) };
    return read.held;
  };
  currentPage();
  const drawer = createScreenDrawer(entry, DRAWER_LIMITS);
  app.addHook('onClose', () => drawer.close());
  return {
    async answer(request, reply) {
      const pagePath = request.url.split('?')[0]!;
      const token = request.method === 'GET' && SCREEN_PATH.test(pagePath) ? cookieValue(request, PAGE_COOKIE) : null;
      // Times drawn in the server's zone would change under the user's eyes at the handover: no zone, no drawing.
      const timeZone = token ? phoneTimeZone(request) : null;
      if (!token || !timeZone) return false;
      // Busy preparing or drawing others: not even the answers are asked.
      const ticket = drawer.take();
      if (!ticket) return false;
      const asking = askedFirst(app, pagePath, token);
      try {
        const answers = await Promise.race([asking, new Promise<'late'>((resolve) => setTimeout(resolve, ANSWERS_WAIT_MS, 'late').unref())]);
        if (answers === 'late') {
          // Its place stays taken until the asking ends: what runs for pages stays bounded.
          asking.then(ticket.release, ticket.release);
          return false;
        }
        if (!answers) ticket.release();
        const screen = answers ? await ticket.draw(pagePath, answers, { timeZone }) : null;
        // The answers go with it: the phone's app takes them rather than asking them again.
        const { page, scriptSources } = currentPage();
        const drawn = screen && answers ? withServerScreen(page, { ...screen, answers }) : null;
        if (!drawn) return false;
        allowingScripts(reply, scriptSources);
        // The user's own data: kept by no cache, shared by no one.
        reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
        await reply.send(encoded(request, reply, drawn));
        return true;
      } catch (error) {
        ticket.release();
        request.log.warn({ err: error, path: pagePath }, 'first screen not drawn; the plain page is served');
        return false;
      }
    },
  };
}
