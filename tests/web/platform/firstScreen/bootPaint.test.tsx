import { runInThisContext } from 'node:vm';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { APP_SHELL_STYLE, appShellMarkup, bootSource } from '../../../../build/bootPlugin';
import { en } from '../../../../src/platform/i18n/en';
import { errorResponse, jsonResponse, mockApi } from '../../helpers/mockApi';
import { renderApp } from '../../helpers/renderApp';
import { sessionUser, technicianPermissions } from '../../helpers/sessionUsers';

/*
 * The technician home's first paint before React (issue 20; docs/performance-phone.md): never for
 * a signed-out user or Login, and gone as soon as React shows a screen of its own.
 */
const SCAN_HINT = "Tap the Scan QR Code button at the top to scan an asset's QR code and start its inspection.";
const INSPECT_LOADING = 'Loading the asset…';

/** index.html's shell as the build writes it, with the texts React shows (src/platform/i18n/en.ts). */
function putShell() {
  const texts = en.app as { technician: { scan_hint: string }; inspection: { loading: string } };
  document.body.insertAdjacentHTML('afterbegin', appShellMarkup({ hint: texts.technician.scan_hint, inspectLoading: texts.inspection.loading }));
}

/** The boot script at `path`, as the browser runs it before <body>. */
function runBoot(path: string, online = true, answers: Parameters<typeof mockApi>[0] = {}) {
  window.history.replaceState(null, '', path);
  const onLine = Object.getOwnPropertyDescriptor(window.navigator, 'onLine');
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  try {
    // Its own early questions are not what is tested here: a refused session asks nothing more (the
    // inspect view's asset is asked beside /token/init: tests/web/platform/firstScreen/bootInspectAsset.test.tsx).
    mockApi({
      'GET /api/token/init': () => errorResponse(401, 'Unauthorized'),
      'GET /api/asset/identification/group/SKD-001': () => errorResponse(401, 'Unauthorized'),
      ...answers,
    });
    runInThisContext(bootSource([], '/api', [], [], 'Asset %{identification}'));
  } finally {
    if (onLine) Object.defineProperty(window.navigator, 'onLine', onLine);
    else delete (window.navigator as { onLine?: boolean }).onLine;
  }
  // <body> parsed.
  document.dispatchEvent(new Event('DOMContentLoaded'));
  return document.documentElement.getAttribute('data-app-shell');
}

afterEach(() => {
  document.getElementById('app-shell')?.remove();
  document.documentElement.removeAttribute('data-app-shell');
  delete window.__foBoot;
  window.history.replaceState(null, '', '/');
});

describe('the home shell: when the boot script shows it', () => {
  it('shows it on the technician home with a stored session, online', () => {
    localStorage.setItem('jwt', 'stored');
    expect(runBoot('/inspection')).toBe('home');
    document.documentElement.removeAttribute('data-app-shell');
    expect(runBoot('/inspection/')).toBe('home');
  });

  it('never for a signed-out user, Login, another page or offline (the saved-copy chip would sit above the hint)', () => {
    localStorage.removeItem('jwt');
    expect(runBoot('/inspection')).toBeNull();
    localStorage.setItem('jwt', 'stored');
    expect(runBoot('/login')).toBeNull();
    expect(runBoot('/inspection/scanner')).toBeNull();
    expect(runBoot('/onsite')).toBeNull();
    expect(runBoot('/inspection', false)).toBeNull();
  });

  it('holds the spec’s scan hint (the en text React shows), is hidden from assistive technology and is not displayed without the mark', () => {
    putShell();
    const shell = document.getElementById('app-shell')!;
    expect(shell).toHaveTextContent(SCAN_HINT);
    expect(shell).toHaveAttribute('aria-hidden', 'true');
    expect(APP_SHELL_STYLE).toMatch(/#app-shell \{ display: none; \}/);
    expect(APP_SHELL_STYLE).toMatch(/html\[data-app-shell="home"\] #app-shell[^{]*\{ display: block; \}/);
  });

  it('escapes the text it is given', () => {
    expect(appShellMarkup({ hint: '<b>&"', inspectLoading: '<i>' })).toContain('<p>&lt;b&gt;&amp;&quot;</p>');
    expect(appShellMarkup({ hint: '', inspectLoading: '<i>' })).toContain('<p>&lt;i&gt;</p>');
  });
});

describe("the inspect view's loading frame: its first visit (no last screen yet)", () => {
  const frame = () => document.querySelector<HTMLElement>('#app-shell .fo-shell-inspect')!;

  it('shows the title React shows, with the identification as the link has it decoded, and the loading line; not the home’s hint', () => {
    localStorage.setItem('jwt', 'stored');
    putShell();
    expect(runBoot('/inspection/asset/identification/SKD-001')).toBe('inspect');
    expect(frame().querySelector('.fo-shell-title')).toHaveTextContent(/^Asset SKD-001$/);
    expect(frame()).toHaveTextContent(INSPECT_LOADING);
    const style = document.createElement('style');
    style.textContent = APP_SHELL_STYLE;
    document.head.appendChild(style);
    try {
      expect(getComputedStyle(document.getElementById('app-shell')!).display).toBe('block');
      expect(getComputedStyle(frame()).display).toBe('block');
      expect(getComputedStyle(document.querySelector('#app-shell .fo-shell-home')!).display).toBe('none');
    } finally {
      style.remove();
    }
  });

  it('puts the identification in as text: markup in a link is shown, never run; a malformed escape is shown as it is', () => {
    localStorage.setItem('jwt', 'stored');
    putShell();
    const refused = () => errorResponse(401, 'Unauthorized');
    expect(
      runBoot('/inspection/asset/identification/P%2F7%20%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E', true, {
        'GET /api/asset/identification/group/P%2F7%20%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E': refused,
      }),
    ).toBe('inspect');
    expect(frame().querySelector('.fo-shell-title')).toHaveTextContent('Asset P/7 <img src=x onerror=alert(1)>');
    expect(frame().querySelector('img')).toBeNull();
    document.getElementById('app-shell')?.remove();
    putShell();
    // The boot script asks for nothing it cannot name (its own decode fails the same way).
    expect(runBoot('/inspection/asset/identification/A%E0%A4%A', true)).toBe('inspect');
    expect(frame().querySelector('.fo-shell-title')).toHaveTextContent('Asset A%E0%A4%A');
  });

  it('never signed out, offline, or on another technician page', () => {
    localStorage.removeItem('jwt');
    expect(runBoot('/inspection/asset/identification/SKD-001')).toBeNull();
    localStorage.setItem('jwt', 'stored');
    expect(runBoot('/inspection/asset/identification/SKD-001', false)).toBeNull();
    expect(runBoot('/inspection/workOrder/w1')).toBeNull();
    expect(runBoot('/inspection/scanner')).toBeNull();
  });
});

describe('the home shell: React takes over', () => {
  const signedIn = () => {
    localStorage.setItem('jwt', 'stored-jwt');
    mockApi({
      'GET /api/token/init': () => jsonResponse(200, sessionUser([...technicianPermissions, 'update-inspection'])),
      'GET /api/inspection/myRecentAssets': () => jsonResponse(200, []),
    });
  };

  it('stays while the home loads and is gone once React draws the home (same hint, React’s own)', async () => {
    signedIn();
    putShell();
    renderApp('/inspection');
    expect(document.getElementById('app-shell')).not.toBeNull();
    expect(await screen.findByRole('heading', { name: 'Welcome, Dana Field' })).toBeInTheDocument();
    expect(document.getElementById('app-shell')).toBeNull();
    expect(screen.getByText(SCAN_HINT)).toBeInTheDocument();
  });

  it('is gone at once on Login (a signed-out phone sent there)', async () => {
    localStorage.removeItem('jwt');
    mockApi({});
    putShell();
    await act(async () => {
      renderApp('/inspection');
    });
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(document.getElementById('app-shell')).toBeNull();
  });

  it('is gone at once on any other page', async () => {
    signedIn();
    putShell();
    await act(async () => {
      renderApp('/inspection/scanner');
    });
    expect(document.getElementById('app-shell')).toBeNull();
  });
});

describe("the inspect view's loading frame: React takes over", () => {
  const PAGE = '/inspection/asset/identification/SKD-001';

  it('stays until React draws the page’s own loading screen (same title, same line), then is gone', async () => {
    localStorage.setItem('jwt', 'stored-jwt');
    let answerInit: (response: Response) => void = () => undefined;
    mockApi({
      'GET /api/token/init': () => new Promise<Response>((resolve) => (answerInit = resolve)),
      // The asset is still on its way when React's page shows.
      'GET /api/asset/identification/group/SKD-001': () => new Promise<Response>(() => undefined),
    });
    putShell();
    document.documentElement.setAttribute('data-app-shell', 'inspect');
    await act(async () => {
      renderApp(PAGE);
    });
    // The session is not in yet: React has nothing of the page to show.
    expect(document.getElementById('app-shell')).not.toBeNull();
    answerInit(jsonResponse(200, sessionUser([...technicianPermissions, 'update-inspection', 'read-inspection'])));
    await screen.findByText(INSPECT_LOADING, { selector: '#root *' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Asset SKD-001$/);
    expect(document.getElementById('app-shell')).toBeNull();
  });

  it('is gone at once on another page', async () => {
    localStorage.setItem('jwt', 'stored-jwt');
    mockApi({
      'GET /api/token/init': () => jsonResponse(200, sessionUser([...technicianPermissions, 'update-inspection'])),
      'GET /api/inspection/myRecentAssets': () => jsonResponse(200, []),
    });
    putShell();
    document.documentElement.setAttribute('data-app-shell', 'inspect');
    await act(async () => {
      renderApp('/inspection');
    });
    expect(document.getElementById('app-shell')).toBeNull();
  });
});
