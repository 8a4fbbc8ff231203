import { runInThisContext } from 'node:vm';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { APP_SHELL_STYLE, appShellMarkup, bootSource } from '../../../scripts/bootPlugin';
import { en } from '../../../src/i18n/en';
import { errorResponse, jsonResponse, mockApi } from '../helpers/mockApi';
import { renderApp } from '../helpers/renderApp';
import { sessionUser, technicianPermissions } from '../helpers/sessionUsers';

/*
 * The technician home's first paint before React (issue 20; docs/performance-phone.md): never for
 * a signed-out user or Login, and gone as soon as React shows a screen of its own.
 */
const SCAN_HINT = "Tap the Scan QR Code button at the top to scan an asset's QR code and start its inspection.";

/** index.html's shell as the build writes it. */
function putShell() {
  document.body.insertAdjacentHTML('afterbegin', appShellMarkup((en.app as { technician: { scan_hint: string } }).technician.scan_hint));
}

/** The boot script at `path`, as the browser runs it before <body>. */
function runBoot(path: string, online = true) {
  window.history.replaceState(null, '', path);
  const onLine = Object.getOwnPropertyDescriptor(window.navigator, 'onLine');
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  try {
    // Its own early questions are not what is tested here: a refused session asks nothing more (the
    // inspect view's asset is asked beside /token/init: tests/web/boot/bootInspectAsset.test.tsx).
    mockApi({
      'GET /api/token/init': () => errorResponse(401, 'Unauthorized'),
      'GET /api/asset/identification/group/SKD-001': () => errorResponse(401, 'Unauthorized'),
    });
    runInThisContext(bootSource([], '/api'));
  } finally {
    if (onLine) Object.defineProperty(window.navigator, 'onLine', onLine);
    else delete (window.navigator as { onLine?: boolean }).onLine;
  }
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
    expect(runBoot('/inspection/asset/identification/SKD-001')).toBeNull();
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
    expect(appShellMarkup('<b>&"')).toContain('<p>&lt;b&gt;&amp;&quot;</p>');
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
