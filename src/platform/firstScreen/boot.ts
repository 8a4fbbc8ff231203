import { APPLICATION_INFO_PATH, assetGroupPath, boardOf, dashboardPath, previousInspectionsPath, SESSION_PATH, showsPreviousValues } from '../../../common/firstAsks';
import type { SessionUser } from '../../../common/api';
import { BOOT_CONFIG_ID, DRAWN_ANSWERS_ID, ENTRY_TEMPLATE_ID, INSPECT_VIEW_PATH } from '../../../common/firstScreen';

/** What the build tells the boot module (build/bootPlugin.ts), in the page as JSON (BOOT_CONFIG_ID). */
export interface BootConfig {
  /** The API's base, as the app calls it ('/api'). */
  api: string;
  /** Which chunks a page shows: a regular expression on the path, the files (/assets/…). */
  pages: [string, string[]][];
  /** A dashboard's filter bar, shown with its sections when it has filters (DashboardView). */
  filterBar: string[];
  /** The date and date-time inputs, shown with a checklist's items when one asks for a date. */
  dateInputs: string[];
}

/** What the boot module asked before the app's code arrived (read by src/platform/firstScreen/bootAnswers.ts). */
export interface BootState {
  token: string;
  at: number;
  answers: Record<string, Promise<Response> | undefined>;
  /** Settles once the asks that wait for earlier answers (the dashboard, previous inspections) are made. */
  asked?: Promise<void>;
}

declare global {
  interface Window {
    __foBoot?: BootState;
  }
}

/** Adding a modulepreload or a script costs the main thread ~1.5–2 ms (its fetch is set up there and then): a few per task. */
const PER_TASK = 4;

/** Appends `nodes` to <head> a few per task, in order. */
function appendInTurns(nodes: Node[]): void {
  const add = () => {
    for (const node of nodes.splice(0, PER_TASK)) document.head.appendChild(node);
    if (nodes.length > 0) setTimeout(add, 0);
  };
  add();
}

/** The config the build put in the page; null on a page without one (or one it cannot read). */
function readConfig(): BootConfig | null {
  try {
    return JSON.parse(document.getElementById(BOOT_CONFIG_ID)?.textContent ?? 'null') as BootConfig | null;
  } catch {
    return null;
  }
}

/** Resolves once the page's first paint is on screen (a hidden tab paints nothing: 500 ms at most). */
function afterFirstPaint(run: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  try {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      once();
    }).observe({ type: 'paint', buffered: true });
  } catch {
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(once, 0)));
  }
  setTimeout(once, 500);
}

/**
 * Issue 20: a signed-in phone used to wait for the whole entry script before asking anything
 * (index.js → area chunk → /token/init → dashboard …). This module, small and loaded beside the entry,
 * asks what the opened page asks first (common/firstAsks.ts) and modulepreloads the chunks it shows,
 * so the entry's download, the API's round trips and the area's chunks overlap; the app takes those
 * answers (bootAnswers.ts) and asks again anything it does not take.
 *
 * A page the server drew (common/firstScreen.ts) holds its answers and its entry: nothing is asked,
 * and the entry starts once the drawn screen is painted — evaluated first, the entry (~100 ms of a
 * phone's main thread) would hold that paint back.
 */
export function boot(): void {
  const held = document.getElementById(ENTRY_TEMPLATE_ID) as HTMLTemplateElement | null;
  let started = false;
  // The entry's script first, then its preloads.
  const startEntry = () => {
    if (started || !held) return;
    started = true;
    appendInTurns([...document.importNode(held.content, true).childNodes]);
  };
  const config = readConfig();
  const path = location.pathname;
  let token: string | null = null;
  try {
    token = localStorage.getItem('jwt');
  } catch {
    token = null;
  }
  const begin = () => {
    try {
      if (config && token && path !== '/login') early(config, token, path, startEntry);
    } catch {
      // Nothing asked early: the app asks as it always did.
    }
    startEntry();
  };
  if (held && document.getElementById(DRAWN_ANSWERS_ID)) afterFirstPaint(begin);
  else begin();
}

function early(config: BootConfig, token: string, path: string, startEntry: () => void): void {
  const seen = new Set<string>();
  const waiting: Node[] = [];
  const preload = (files: readonly string[]) => {
    const fresh = files.filter((file) => !seen.has(file));
    for (const file of fresh) {
      seen.add(file);
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = file;
      waiting.push(link);
    }
    if (fresh.length > 0) appendInTurns(waiting.splice(0));
  };
  const preloadPage = () => {
    for (const [pattern, files] of config.pages) if (new RegExp(pattern).test(path)) preload(files);
  };
  // No network (a plant room): the app answers from the phone's copies. A drawn page holds its answers.
  if (navigator.onLine === false || document.getElementById(DRAWN_ANSWERS_ID)) {
    startEntry();
    preloadPage();
    return;
  }
  const headers = { Accept: 'application/json', 'x-auth': token };
  const answers: BootState['answers'] = {};
  // A failure is the app's to handle when it takes the answer; until then it is not an unhandled rejection.
  const ask = (apiPath: string, askHeaders: Record<string, string> = headers) => {
    const answer = fetch(config.api + apiPath, { headers: askHeaders });
    answer.catch(() => undefined);
    answers[apiPath] = answer;
    return answer;
  };
  /** An answer's body, read from a clone: the app reads the original. */
  const bodyOf = <T>(answer: Promise<Response>): Promise<T | null> => answer.then((response) => (response.ok ? (response.clone().json() as Promise<T>) : null));
  ask(APPLICATION_INFO_PATH, { Accept: 'application/json' });
  // The inspect view's first content is its asset: asked beside /token/init, not after React's first render.
  const inspected = new RegExp(INSPECT_VIEW_PATH).exec(path)?.[1];
  let identification: string | null = null;
  if (inspected !== undefined) {
    try {
      identification = decodeURIComponent(inspected);
    } catch {
      identification = null;
    }
  }
  const group = identification === null ? null : ask(assetGroupPath(identification));
  const user = bodyOf<SessionUser>(ask(SESSION_PATH));
  // Then the entry and the page's chunks, in the order they are needed: over HTTP/1.1 a browser
  // opens six connections to a host, and asks made after the chunks waited for them.
  startEntry();
  preloadPage();
  const chained: Promise<unknown>[] = [
    user.then(async (loaded) => {
      const board = loaded ? boardOf(loaded) : null;
      if (!board) return;
      // A dashboard with filters shows them with its sections: their code beside the widgets' requests.
      const record = await bodyOf<{ filters?: unknown[] }>(ask(dashboardPath(board)));
      if (record?.filters && record.filters.length > 0) preload(config.filterBar);
    }),
  ];
  if (group) {
    type Asset = { _id: string; checklistDetails?: { attributes?: { type?: string }[] }[] };
    const assets = bodyOf<Asset[]>(group);
    // A checklist with a date item shows its picker (a lazy chunk) with the first paint of its items.
    chained.push(
      assets.then((list) => {
        const dated = (list ?? []).some((asset) => (asset.checklistDetails ?? []).some((checklist) => (checklist.attributes ?? []).some((attribute) => attribute.type === 'date' || attribute.type === 'date-time')));
        if (dated) preload(config.dateInputs);
      }),
      // Each asset's previous values, for users who may read them.
      Promise.all([user, assets]).then(([loaded, list]) => {
        if (!loaded || !showsPreviousValues(loaded) || !Array.isArray(list)) return;
        for (const asset of list) ask(previousInspectionsPath(asset._id));
      }),
    );
  }
  // Settled when every chained ask is made or given up (a failure of one does not settle it early).
  const asked = Promise.all(chained.map((step) => step.catch(() => undefined))).then(() => undefined);
  window.__foBoot = { token, at: Date.now(), answers, asked };
}
