import { afterEach, describe, expect, it, vi } from 'vitest';
import { DRAWN_ANSWERS_ID, withServerScreen } from '../../../../common/firstScreen';
import { dashboardQuery, loadSessionUser } from '../../../../src/platform/authProvider/loadSessionUser';
import { sessionStore } from '../../../../src/platform/authProvider/sessionStore';
import { takeBootAnswer } from '../../../../src/platform/firstScreen/bootAnswers';
import { queryClient } from '../../../../src/platform/dataProvider/apiQuery';
import { jsonResponse, mockApi } from '../../helpers/mockApi';
import { sessionUser } from '../../helpers/sessionUsers';

/** What build/bootPlugin.ts's script leaves behind: answers asked before the bundle ran. */
function boot(token: string, answers: Record<string, Response>, at = Date.now()) {
  window.__foBoot = { token, at, answers: Object.fromEntries(Object.entries(answers).map(([path, response]) => [path, Promise.resolve(response)])) };
}

describe('the boot script’s early answers (issue 20)', () => {
  afterEach(() => {
    delete window.__foBoot;
  });

  it('takes /token/init from the boot script instead of asking again, once', async () => {
    localStorage.setItem('jwt', 'stored');
    const api = mockApi({ 'GET /api/token/init': () => jsonResponse(200, sessionUser(['view-technician'])) });
    boot('stored', { '/token/init': jsonResponse(200, sessionUser(['view-onsite'])) });
    const user = await loadSessionUser();
    expect(user.permissions).toEqual(['view-onsite']);
    expect(api.callsTo('GET', '/api/token/init')).toHaveLength(0);
    expect(takeBootAnswer('/token/init')).toBeNull();
  });

  it('asks again its own way when the early answer failed, so a 401 takes the usual path', async () => {
    localStorage.setItem('jwt', 'stored');
    const api = mockApi({ 'GET /api/token/init': () => jsonResponse(200, sessionUser(['view-technician'])) });
    boot('stored', { '/token/init': jsonResponse(503, { message: 'busy' }) });
    const user = await loadSessionUser();
    expect(user.permissions).toEqual(['view-technician']);
    expect(api.callsTo('GET', '/api/token/init')).toHaveLength(1);
  });

  it('ignores an answer asked with another token, or a stale one', () => {
    localStorage.setItem('jwt', 'current');
    expect(sessionStore.getToken()).toBe('current');
    boot('earlier', { '/token/init': jsonResponse(200, sessionUser([])) });
    expect(takeBootAnswer('/token/init')).toBeNull();
    boot('current', { '/token/init': jsonResponse(200, sessionUser([])) }, Date.now() - 60_000);
    expect(takeBootAnswer('/token/init')).toBeNull();
  });

  it('asks the home dashboard once: the app waits until the boot script has made the asks that follow its first answers', async () => {
    localStorage.setItem('jwt', 'stored');
    const api = mockApi({
      'GET /api/token/init': () => jsonResponse(200, sessionUser(['view-technician', 'read-dashboard'], { dashboardId: 'home-1' })),
      'GET /api/dashboard/home-1': () => jsonResponse(200, { _id: 'home-1', name: 'Home', filters: [], sections: [] }),
    });
    boot('stored', { '/token/init': jsonResponse(200, sessionUser(['view-technician', 'read-dashboard'], { dashboardId: 'home-1' })) });
    // In Chromium the boot script's own read of /token/init may finish after the app's: its ask of
    // the dashboard then comes a moment after the app looks for it.
    const state = window.__foBoot!;
    state.asked = new Promise((resolve) =>
      setTimeout(() => {
        state.answers['/dashboard/home-1'] = fetch('/api/dashboard/home-1', { headers: { 'x-auth': 'stored' } });
        resolve();
      }, 30),
    );
    await loadSessionUser();
    // The home's own read of it finds it asked already.
    expect(await queryClient.fetchQuery(dashboardQuery('home-1'))).toMatchObject({ _id: 'home-1' });
    await state.asked;
    expect(api.callsTo('GET', '/api/dashboard/home-1')).toHaveLength(1);
  });
});

describe('the answers a page drawn by the server holds (issue 41 step 3)', () => {
  /** A token as the phone stores it: only its subject is read here. */
  const tokenOf = (subject: string) => `h.${btoa(JSON.stringify({ sub: subject }))}.s`;

  /** The page as withServerScreen writes it: the answers as JSON in <head>. */
  function drawnPage(answers: Record<string, unknown>) {
    const held = document.createElement('script');
    held.type = 'application/json';
    held.id = DRAWN_ANSWERS_ID;
    held.textContent = JSON.stringify({ answers });
    document.head.appendChild(held);
  }

  afterEach(() => {
    document.getElementById(DRAWN_ANSWERS_ID)?.remove();
    vi.restoreAllMocks();
  });

  it('takes them for the user the page was drawn for instead of asking, each once', async () => {
    localStorage.setItem('jwt', tokenOf('u1'));
    const api = mockApi({ 'GET /api/token/init': () => jsonResponse(200, sessionUser(['view-technician'])) });
    drawnPage({ '/token/init': sessionUser(['view-onsite']), '/dashboard/d1': { _id: 'd1' } });
    const user = await loadSessionUser();
    expect(user.permissions).toEqual(['view-onsite']);
    expect(api.callsTo('GET', '/api/token/init')).toHaveLength(0);
    await expect(takeBootAnswer('/dashboard/d1')).resolves.toEqual({ _id: 'd1' });
    expect(takeBootAnswer('/dashboard/d1')).toBeNull();
    expect(takeBootAnswer('/token/init')).toBeNull();
  });

  it('leaves them for a token of another user, and once the page is older than 15 s', () => {
    localStorage.setItem('jwt', tokenOf('someone-else'));
    drawnPage({ '/token/init': sessionUser([]), '/dashboard/d1': { _id: 'd1' } });
    expect(takeBootAnswer('/dashboard/d1')).toBeNull();
    localStorage.setItem('jwt', tokenOf('u1'));
    drawnPage({ '/token/init': sessionUser([]), '/dashboard/d1': { _id: 'd1' } });
    vi.spyOn(performance, 'now').mockReturnValue(15_001);
    expect(takeBootAnswer('/dashboard/d1')).toBeNull();
  });

  it('holds them as JSON no stored text can break out of', () => {
    const page = withServerScreen('<html><head></head><body><div id="root"></div></body></html>', {
      head: '',
      html: '<main>Drawn</main>',
      css: '',
      names: [],
      lazies: ['OnsiteShell'],
      answers: { '/asset/a1': { name: '</script><script>alert(1)</script><!--' } },
    })!;
    const parsed = new DOMParser().parseFromString(page, 'text/html');
    expect(parsed.querySelectorAll('script')).toHaveLength(1);
    expect(JSON.parse(parsed.getElementById(DRAWN_ANSWERS_ID)!.textContent!)).toEqual({ answers: { '/asset/a1': { name: '</script><script>alert(1)</script><!--' } }, lazies: ['OnsiteShell'] });
  });
});
