import { afterEach, describe, expect, it, vi } from 'vitest';
import { DRAWN_ANSWERS_ID, withServerScreen } from '../../../../common/firstScreen';
import { drawnScreenAnswers } from '../../../../src/platform/firstScreen/drawnAnswers';
import { sessionUser } from '../../helpers/sessionUsers';

describe('the answers a page drawn by the server holds (issue 41 step 3)', () => {
  /** A token as the phone stores it: only its subject is read here. */
  const tokenOf = (subject: string) => `h.${btoa(JSON.stringify({ sub: subject }))}.s`;

  /** The page as withServerScreen writes it: the answers as JSON in <head>. */
  function drawnPage(answers: Record<string, unknown>, lazies: string[] = []) {
    const held = document.createElement('script');
    held.type = 'application/json';
    held.id = DRAWN_ANSWERS_ID;
    held.textContent = JSON.stringify({ answers, lazies });
    document.head.appendChild(held);
  }

  afterEach(() => {
    document.getElementById(DRAWN_ANSWERS_ID)?.remove();
    vi.restoreAllMocks();
  });

  it('gives them once, for the user the page was drawn for, fresh until the page is 15 s old', () => {
    localStorage.setItem('jwt', tokenOf('u1'));
    drawnPage({ '/token/init': sessionUser(['view-onsite']), '/dashboard/d1': { _id: 'd1' } }, ['OnsiteShell']);
    const drawn = drawnScreenAnswers();
    expect(drawn && Object.fromEntries(drawn.answers)).toEqual({ '/token/init': sessionUser(['view-onsite']), '/dashboard/d1': { _id: 'd1' } });
    expect(drawn?.lazies).toEqual(['OnsiteShell']);
    expect(drawn?.freshUntil).toBe(performance.timeOrigin + 15_000);
    // Taken out of the page: a second start (or anything else) finds none.
    expect(document.getElementById(DRAWN_ANSWERS_ID)).toBeNull();
    expect(drawnScreenAnswers()).toBeNull();
  });

  it('leaves them for a token of another user, and once the page is older than 15 s', () => {
    localStorage.setItem('jwt', tokenOf('someone-else'));
    drawnPage({ '/token/init': sessionUser([]), '/dashboard/d1': { _id: 'd1' } });
    expect(drawnScreenAnswers()).toBeNull();
    localStorage.setItem('jwt', tokenOf('u1'));
    drawnPage({ '/token/init': sessionUser([]), '/dashboard/d1': { _id: 'd1' } });
    vi.spyOn(performance, 'now').mockReturnValue(15_001);
    expect(drawnScreenAnswers()).toBeNull();
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
