import { runInThisContext } from 'node:vm';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_SHELL_STYLE, appShellMarkup, bootSource } from '../../../../build/bootPlugin';
import { keepLastScreen, screenMarkup, stylesUsedBy } from '../../../../src/platform/firstScreen/lastScreen';
import { withServerScreen } from '../../../../common/bootPaint';
import { sessionStore } from '../../../../src/platform/authProvider/sessionStore';
import { jsonResponse, mockApi } from '../../helpers/mockApi';
import { renderApp } from '../../helpers/renderApp';
import { sessionUser } from '../../helpers/sessionUsers';
import { hex, itemIn, panelOf, pumpChecklist, skdGroup, technician, vibration } from '../../features/technician/inspectFixtures';

/*
 * Issue 20: the inspect view and the on-site board draw data first, so nothing of theirs could be
 * painted before the app's code arrived. The screen React drew last time is kept on the phone and
 * the boot script paints it on the next visit (same user, same page, within a day, online), inert,
 * until React's own screen is drawn — then it goes in that frame, and the new screen is kept.
 */

const PATH = '/inspection/asset/identification/SKD-001';
/** Where the screens are kept (read by the boot script before <body>; DESIGN leaves the name to us, the tests name it by hand). */
const KEY = 'fo.lastScreens';

/** A token as the server signs it: its payload names the user (`sub`); the signature is not read on the phone. */
const tokenOf = (user: string) => `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify({ sub: user, tv: 0 })).replace(/=+$/, '')}.signature`;

const screenFor = (user: string, path = PATH, at = Date.now(), width = window.innerWidth) => ({
  path,
  user,
  at,
  width,
  html: '<main><p class="css-abc123-previous">Previous: Green · Tom Technician</p></main>',
  css: '.css-abc123-previous { color: rgb(1, 2, 3); }',
});

/** index.html's #app-shell and its style, as the build writes them. */
function putPage() {
  document.body.insertAdjacentHTML('afterbegin', appShellMarkup({ hint: 'Scan hint', inspectLoading: 'Loading the asset…' }));
  const style = document.createElement('style');
  style.setAttribute('data-page', '');
  style.textContent = APP_SHELL_STYLE;
  document.head.appendChild(style);
}

/** Signed in as `user`, with that user's screen of `path` kept, on index.html before the boot script runs. */
function keptFor(user: string, path = PATH) {
  const kept = screenFor(user, path);
  localStorage.setItem('jwt', tokenOf(user));
  localStorage.setItem(KEY, JSON.stringify([kept]));
  putPage();
  return kept;
}

/** The boot script at `path`, then <body> parsed (DOMContentLoaded). */
/** What the boot script asks on these pages, refused: only what it paints is tested in the first block. */
const REFUSED = {
  'GET /api/token/init': () => jsonResponse(401, { message: 'Unauthorized' }),
  'GET /api/asset/identification/group/SKD-001': () => jsonResponse(401, { message: 'Unauthorized' }),
};

function boot(path: string, { online = true, answers = REFUSED }: { online?: boolean; answers?: Parameters<typeof mockApi>[0] } = {}) {
  window.history.replaceState(null, '', path);
  const onLine = Object.getOwnPropertyDescriptor(window.navigator, 'onLine');
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  const api = mockApi(answers);
  try {
    runInThisContext(bootSource([], '/api'));
  } finally {
    if (onLine) Object.defineProperty(window.navigator, 'onLine', onLine);
    else delete (window.navigator as { onLine?: boolean }).onLine;
  }
  document.dispatchEvent(new Event('DOMContentLoaded'));
  return api;
}

const painted = () => document.documentElement.getAttribute('data-app-shell');
const overlay = () => document.getElementById('app-shell');

afterEach(() => {
  overlay()?.remove();
  document.querySelectorAll('style[data-last-screen], style[data-page], style[data-emotion="test"]').forEach((style) => style.remove());
  document.documentElement.removeAttribute('data-app-shell');
  delete window.__foBoot;
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('the boot script paints the last screen', () => {
  it('of this page, for the signed-in user, kept within the day: its markup, its styles, inert and hidden from assistive technology', () => {
    localStorage.setItem('jwt', tokenOf('u-tech'));
    localStorage.setItem(KEY, JSON.stringify([screenFor('u-tech', '/onsite'), screenFor('u-tech')]));
    putPage();
    boot(PATH);
    expect(painted()).toBe('last');
    expect(overlay()).toHaveTextContent('Previous: Green · Tom Technician');
    expect(overlay()).not.toHaveTextContent('Scan hint');
    expect(overlay()).toHaveAttribute('inert');
    expect(overlay()).toHaveAttribute('aria-hidden', 'true');
    expect(document.querySelector('style[data-last-screen]')?.textContent).toBe('.css-abc123-previous { color: rgb(1, 2, 3); }');
    // The page's own style shows it once <html> says so.
    expect(getComputedStyle(overlay()!).display).toBe('block');
  });

  it('and the board’s', () => {
    keptFor('u-onsite', '/onsite');
    boot('/onsite');
    expect(painted()).toBe('last');
  });

  it('never another user’s, another page’s, one over a day old or kept at another width (the inspect view’s loading frame instead), offline, signed out, or on Login', () => {
    putPage();
    const tryWith = (token: string | null, kept: ReturnType<typeof screenFor>[], path = PATH, online = true) => {
      localStorage.clear();
      if (token) localStorage.setItem('jwt', token);
      localStorage.setItem(KEY, JSON.stringify(kept));
      document.documentElement.removeAttribute('data-app-shell');
      boot(path, { online });
      return painted();
    };
    expect(tryWith(tokenOf('u-tech'), [screenFor('u-other')])).toBe('inspect');
    expect(tryWith(tokenOf('u-tech'), [screenFor('u-tech', '/inspection/asset/identification/PMP-002')])).toBe('inspect');
    expect(tryWith(tokenOf('u-tech'), [screenFor('u-tech', PATH, Date.now() - 25 * 60 * 60 * 1000)])).toBe('inspect');
    // Kept at another width (the phone turned): laid out for that one.
    expect(tryWith(tokenOf('u-tech'), [screenFor('u-tech', PATH, Date.now(), window.innerWidth + 454)])).toBe('inspect');
    expect(tryWith(tokenOf('u-tech'), [screenFor('u-tech')], PATH, false)).toBeNull();
    expect(tryWith(null, [screenFor('u-tech')])).toBeNull();
    expect(tryWith(tokenOf('u-tech'), [screenFor('u-tech', '/login')], '/login')).toBeNull();
    // A page that keeps no screen (the work order detail) is never painted from one.
    expect(tryWith(tokenOf('u-tech'), [screenFor('u-tech', '/inspection/workOrder/w1')], '/inspection/workOrder/w1')).toBeNull();
    // Within the day it is.
    expect(tryWith(tokenOf('u-tech'), [screenFor('u-tech', PATH, Date.now() - 23 * 60 * 60 * 1000)])).toBe('last');
    expect(overlay()).toHaveTextContent('Previous: Green');
  });

  it('a token it cannot read, or kept screens that are not JSON: paints no last screen (the loading frame) and still asks what the page needs', () => {
    putPage();
    localStorage.setItem('jwt', 'not-a-jwt');
    localStorage.setItem(KEY, JSON.stringify([screenFor('u-tech')]));
    let api = boot(PATH);
    expect(painted()).toBe('inspect');
    expect(overlay()).not.toHaveTextContent('Previous: Green');
    expect(api.callsTo('GET', '/api/token/init')).toHaveLength(1);
    localStorage.setItem('jwt', tokenOf('u-tech'));
    localStorage.setItem(KEY, '{not json');
    document.documentElement.removeAttribute('data-app-shell');
    api = boot(PATH);
    expect(painted()).toBe('inspect');
    expect(overlay()).not.toHaveTextContent('Previous: Green');
    expect(api.callsTo('GET', '/api/token/init')).toHaveLength(1);
  });
});

describe('a screen the server drew into the page (issue 20: the first visit, from the page cookie)', () => {
  /** The page as the server serves it (common/bootPaint.ts withServerScreen), applied to this document before the boot script runs. */
  function servedPage(html: string) {
    putPage();
    const page = withServerScreen(`<!doctype html>\n<html lang="en"><head></head><body>${overlay()!.outerHTML}\n    <div id="root"></div></body></html>`, { path: PATH, html, css: '.drawn { color: rgb(4, 5, 6); }' });
    expect(page).not.toBeNull();
    const served = new DOMParser().parseFromString(page!, 'text/html');
    for (const { name, value } of served.documentElement.attributes) document.documentElement.setAttribute(name, value);
    overlay()!.replaceWith(document.importNode(served.getElementById('app-shell')!, true));
    document.head.appendChild(document.importNode(served.querySelector('style[data-last-screen]')!, true));
  }

  afterEach(() => document.documentElement.removeAttribute('data-server-screen'));

  it('is left as it is: fresher than the screen kept on the phone, and no loading frame over it', () => {
    keptFor('u-tech');
    overlay()!.remove();
    servedPage('<main><p>Drawn by the server: Vibration 4.75</p></main>');
    boot(PATH);
    expect(painted()).toBe('last');
    expect(overlay()).toHaveTextContent('Drawn by the server: Vibration 4.75');
    expect(overlay()).not.toHaveTextContent('Previous: Green');
    expect(overlay()).not.toHaveTextContent('Loading the asset');
    expect(overlay()).toHaveAttribute('inert');
    expect(overlay()).toHaveAttribute('data-path', PATH);
    expect(getComputedStyle(overlay()!).display).toBe('block');
    expect(document.querySelectorAll('style[data-last-screen]')).toHaveLength(1);
  });

  it('is shown for a phone with no screen kept, where the loading frame would have been', () => {
    localStorage.setItem('jwt', tokenOf('u-tech'));
    servedPage('<main><p>Drawn by the server</p></main>');
    boot(PATH);
    expect(painted()).toBe('last');
    expect(overlay()).toHaveTextContent('Drawn by the server');
    expect(overlay()).not.toHaveTextContent('Loading the asset');
  });
});

describe('what is kept of a screen', () => {
  it('its markup without ids (React’s copy has them), images (one request each before the paint) or what the page marks as of the moment', () => {
    const root = document.createElement('div');
    root.innerHTML =
      '<section id="asset-1" aria-labelledby="asset-1-name"><h2 id="asset-1-name">Pump A</h2>' +
      '<img alt="" src="blob:http://localhost/1234"><img alt="logo" src="/logo.png" srcset="/logo-2x.png 2x">' +
      '<div data-last-screen="blank"><span>04:46:01 AM</span></div></section>';
    const kept = document.createElement('div');
    kept.innerHTML = screenMarkup(root);
    expect(kept.querySelectorAll('[id]')).toHaveLength(0);
    expect(kept.querySelector('h2')).toHaveTextContent('Pump A');
    for (const image of kept.querySelectorAll('img')) {
      expect(image).not.toHaveAttribute('src');
      expect(image).not.toHaveAttribute('srcset');
      expect(image.style.visibility).toBe('hidden');
    }
    expect(kept.querySelectorAll('img')).toHaveLength(2);
    expect((kept.querySelector('[data-last-screen="blank"]') as HTMLElement).style.visibility).toBe('hidden');
    // The live page is not touched.
    expect(root.querySelectorAll('[id]')).toHaveLength(2);
    expect(root.querySelector('img[alt="logo"]')).toHaveAttribute('src', '/logo.png');
  });

  it('only the first screen and a half: what starts lower down is left out', () => {
    // A 844 px tall phone: kept down to 1,266 px from the top of the page.
    const height = Object.getOwnPropertyDescriptor(window, 'innerHeight');
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: 844 });
    const rect = vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const top = Number(this.getAttribute('data-top') ?? 0);
      return { top, bottom: top + 10, left: 0, right: 10, width: 10, height: 10, x: 0, y: top, toJSON: () => ({}) } as DOMRect;
    });
    try {
      const root = document.createElement('div');
      root.innerHTML =
        '<main data-top="0"><section data-top="100"><p data-top="120">First item</p><p data-top="1200">Fourth item</p><p data-top="1300">Fifth item</p></section>' +
        '<section data-top="1400"><h2 data-top="1400">Pump B</h2></section></main>';
      const kept = document.createElement('div');
      kept.innerHTML = screenMarkup(root);
      expect([...kept.querySelectorAll('p, h2')].map((element) => element.textContent)).toEqual(['First item', 'Fourth item']);
    } finally {
      rect.mockRestore();
      if (height) Object.defineProperty(window, 'innerHeight', height);
    }
  });

  it('the styles its markup uses, and those that name no class (baseline, keyframes); not other screens’', () => {
    const style = document.createElement('style');
    style.setAttribute('data-emotion', 'test');
    style.textContent = [
      'body { margin: 0px; }',
      '.css-used1-MuiPaper-root { color: red; }',
      '.css-unused9-MuiButton-root { color: blue; }',
      '@media (min-width: 600px) { .css-used1-MuiPaper-root { padding: 24px; } }',
      '@media (min-width: 600px) { .css-unused9-MuiButton-root { padding: 8px; } }',
      '@keyframes animation-spin { 0% { opacity: 0; } }',
    ].join('\n');
    document.head.appendChild(style);
    const css = stylesUsedBy('<div class="MuiPaper-root css-used1-MuiPaper-root">x</div>');
    expect(css).toContain('margin: 0px');
    expect(css).toContain('.css-used1-MuiPaper-root { color: red; }');
    expect(css).toContain('padding: 24px');
    expect(css).toContain('animation-spin');
    expect(css).not.toContain('css-unused9');
  });

  it('per user and page, the newest first, at most six, and only the signed-in user’s', async () => {
    document.body.insertAdjacentHTML('beforeend', '<div id="root"><p>screen</p></div>');
    try {
      localStorage.setItem(KEY, JSON.stringify([screenFor('u-other', '/onsite')]));
      for (let n = 1; n <= 8; n += 1) await keepLastScreen(`/inspection/asset/identification/A-${n}`, tokenOf('u-tech'));
      await keepLastScreen('/inspection/asset/identification/A-8', tokenOf('u-tech'));
      const kept = JSON.parse(localStorage.getItem(KEY)!) as { path: string; user: string }[];
      expect(kept.map((screen) => screen.path.replace('/inspection/asset/identification/', ''))).toEqual(['A-8', 'A-7', 'A-6', 'A-5', 'A-4', 'A-3']);
      expect(kept.every((screen) => screen.user === 'u-tech')).toBe(true);
      // No readable user, nothing kept.
      await keepLastScreen('/onsite', 'not-a-jwt');
      expect(JSON.parse(localStorage.getItem(KEY)!)).toHaveLength(6);
    } finally {
      document.getElementById('root')?.remove();
    }
  });

  it('sanitised as a whole: the boot script sets it with innerHTML', async () => {
    document.body.insertAdjacentHTML('beforeend', '<div id="root"></div>');
    try {
      // What a serialised DOM can hold that the page never ran (here planted directly).
      document.getElementById('root')!.innerHTML =
        '<p class="css-abc123-previous" style="color: red">Previous: Green</p><img src="x" onerror="window.__pwned = 1"><svg viewBox="0 0 24 24"><path d="M0 0h24"></path></svg>';
      await keepLastScreen(PATH, tokenOf('u-tech'));
      const [kept] = JSON.parse(localStorage.getItem(KEY)!) as { html: string }[];
      expect(kept!.html).not.toMatch(/onerror/i);
      expect(kept!.html).toContain('<p class="css-abc123-previous" style="color: red">Previous: Green</p>');
      expect(kept!.html).toContain('<path d="M0 0h24"></path>');
    } finally {
      document.getElementById('root')?.remove();
    }
  });

  it('one being kept as the user signs out is not kept', async () => {
    document.body.insertAdjacentHTML('beforeend', '<div id="root"><p>screen</p></div>');
    try {
      let signedIn = true;
      const keeping = keepLastScreen(PATH, tokenOf('u-tech'), () => signedIn);
      signedIn = false;
      sessionStore.clear();
      await keeping;
      expect(localStorage.getItem(KEY)).toBeNull();
    } finally {
      document.getElementById('root')?.remove();
    }
  });

  it('none survives signing out', () => {
    localStorage.setItem('jwt', tokenOf('u-tech'));
    localStorage.setItem(KEY, JSON.stringify([screenFor('u-tech')]));
    sessionStore.clear();
    expect(localStorage.getItem(KEY)).toBeNull();
  });
});

describe('React takes over from the last screen', () => {
  const at = new Date(2025, 4, 6, 14, 5).getTime();
  const previousOfPumpA = [
    { _id: hex(90), timestamp: at, checklist: pumpChecklist._id, asset: hex(1), user: 'u9', userName: 'Sam Night', attributeData: [{ attribute: vibration._id, value: 6.2 }], attributeComments: [], type: null },
  ];

  it('the copy stays until every panel has its previous values, goes in that frame, and React’s screen is kept for next time', async () => {
    keptFor('u-tech');
    let answerPumpA: (response: Response) => void = () => undefined;
    const answers = {
      'GET /api/token/init': () => jsonResponse(200, technician),
      'GET /api/asset/identification/group/SKD-001': () => jsonResponse(200, skdGroup),
      ...Object.fromEntries(skdGroup.map((a) => [`GET /api/asset/${a._id}/previousInspections`, () => jsonResponse(200, [])])),
      [`GET /api/asset/${hex(1)}/previousInspections`]: () => new Promise<Response>((resolve) => (answerPumpA = resolve)),
    };
    boot(PATH, { answers });
    expect(painted()).toBe('last');
    renderApp(PATH);
    await panelOf('Booster set pump A');
    await panelOf('Booster set control panel');
    // Panels drawn, pump A's previous values still on their way: the copy stays over them.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(overlay()).not.toBeNull();
    await act(async () => answerPumpA(jsonResponse(200, previousOfPumpA)));
    const region = within(await panelOf('Booster set pump A')).getByRole('region', { name: 'Pump weekly check' });
    await waitFor(() => expect(itemIn(region, 'Vibration')).toHaveTextContent('Previous: 6.2 · 2025/05/06 02:05 PM · Sam Night'));
    expect(overlay()).toBeNull();
    expect(document.querySelector('style[data-last-screen]')).toBeNull();
    // Kept once the page has settled: React's screen, for this user and page.
    const keptText = () => {
      const copy = document.createElement('div');
      copy.innerHTML = (JSON.parse(localStorage.getItem(KEY)!) as { html: string }[])[0]!.html;
      return copy.textContent;
    };
    await waitFor(() => expect(keptText()).toContain('Previous: 6.2 · 2025/05/06 02:05 PM · Sam Night'), { timeout: 3000 });
    expect(keptText()).toContain('Booster set control panel');
    const [kept] = JSON.parse(localStorage.getItem(KEY)!) as { path: string; user: string; at: number }[];
    expect(kept).toMatchObject({ path: PATH, user: 'u-tech', width: window.innerWidth });
    expect(Math.abs(kept!.at - Date.now())).toBeLessThan(5000);
  });

  it('an asset that does not exist: the copy goes at once and nothing is kept', async () => {
    const kept = keptFor('u-tech', '/inspection/asset/identification/GONE-1');
    const answers = {
      'GET /api/token/init': () => jsonResponse(200, technician),
      'GET /api/asset/identification/group/GONE-1': () => jsonResponse(200, []),
    };
    boot('/inspection/asset/identification/GONE-1', { answers });
    expect(painted()).toBe('last');
    renderApp('/inspection/asset/identification/GONE-1');
    await waitFor(() => expect(overlay()).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(JSON.parse(localStorage.getItem(KEY)!)).toEqual([screenFor('u-tech', '/inspection/asset/identification/GONE-1', kept.at)]);
  });

  it('another page opened instead (a redirect): the copy goes at once', async () => {
    keptFor('u-tech');
    boot(PATH, { answers: { ...REFUSED, 'GET /api/token/init': () => jsonResponse(200, technician) } });
    expect(painted()).toBe('last');
    await act(async () => {
      renderApp('/inspection/scanner');
    });
    expect(overlay()).toBeNull();
  });

  it('the board: the copy stays until every widget has its figures; the kept board leaves out the clock and the connection', async () => {
    keptFor('u-onsite', '/onsite');
    const board = {
      _id: 'd1',
      name: 'Wall board',
      filters: [],
      sections: [{ title: 'Live', sequenceId: 1, filters: [], items: [{ _id: 'i1', widget: 'w1', width: 6, height: 200, sequenceId: 1 }, { _id: 'i2', widget: 'w2', width: 6, height: 200, sequenceId: 2 }] }],
    };
    const widget = (id: string, name: string, value: string) => jsonResponse(200, { _id: id, name, type: 'string', script: 's', options: {}, navigation: null, data: { value }, dependsOn: [] });
    let answerSecond: (response: Response) => void = () => undefined;
    boot('/onsite', {
      answers: {
        'GET /api/token/init': () => jsonResponse(200, sessionUser(['view-onsite', 'read-dashboard', 'read-alert'], { _id: 'u-onsite', dashboardId: 'd1' })),
        'GET /api/dashboard/d1': () => jsonResponse(200, board),
        'GET /api/alert': () => jsonResponse(200, []),
        'GET /api/widget/w1': () => widget('w1', 'Open alerts', '13 need attention'),
        'GET /api/widget/w2': () => new Promise<Response>((resolve) => (answerSecond = resolve)),
      },
    });
    expect(painted()).toBe('last');
    renderApp('/onsite');
    expect(await within(await screen.findByRole('region', { name: 'Open alerts' })).findByText('13 need attention')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(overlay()).not.toBeNull();
    await act(async () => answerSecond(widget('w2', 'Raised today', '0 raised today')));
    expect(await screen.findByText('0 raised today')).toBeInTheDocument();
    await waitFor(() => expect(overlay()).toBeNull());
    await waitFor(() => expect(JSON.parse(localStorage.getItem(KEY)!)[0].html).toContain('0 raised today'), { timeout: 3000 });
    const copy = document.createElement('div');
    copy.innerHTML = (JSON.parse(localStorage.getItem(KEY)!) as { html: string }[])[0]!.html;
    const status = copy.querySelector('[data-testid="onsite-status"]')!;
    expect(status.querySelector<HTMLElement>('[data-last-screen="blank"]')!.style.visibility).toBe('hidden');
    expect(copy.textContent).toContain('13 need attention');
  });

  it('a board with a widget that fails: the copy goes, and the failing board is not kept', async () => {
    const before = keptFor('u-onsite', '/onsite');
    const board = {
      _id: 'd1',
      name: 'Wall board',
      filters: [],
      sections: [{ title: 'Live', sequenceId: 1, filters: [], items: [{ _id: 'i1', widget: 'w1', width: 6, height: 200, sequenceId: 1 }] }],
    };
    boot('/onsite', {
      answers: {
        'GET /api/token/init': () => jsonResponse(200, sessionUser(['view-onsite', 'read-dashboard', 'read-alert'], { _id: 'u-onsite', dashboardId: 'd1' })),
        'GET /api/dashboard/d1': () => jsonResponse(200, board),
        'GET /api/alert': () => jsonResponse(200, []),
        'GET /api/widget/w1': () => jsonResponse(422, { message: 'Script failed: x is not defined' }),
      },
    });
    expect(painted()).toBe('last');
    renderApp('/onsite');
    expect(await screen.findByText(/x is not defined/)).toBeInTheDocument();
    await waitFor(() => expect(overlay()).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(JSON.parse(localStorage.getItem(KEY)!)).toEqual([before]);
  });
});
