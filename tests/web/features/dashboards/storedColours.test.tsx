import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApi } from '../../helpers/mockApi';
import { renderApp } from '../../helpers/renderApp';
import { sessionUser } from '../../helpers/sessionUsers';

/**
 * Issue 16 §4: records stored before colours were checked may hold CSS of their own. Where such a
 * colour is drawn it is read as no colour: none of it reaches the page's styles.
 */
const INJECTION = 'red;background-image:url(http://evil.example/colour.png)';

/** Every CSS rule on the page (emotion's and inline styles), as text. */
const pageCss = () =>
  [...document.querySelectorAll('style')].map((style) => style.textContent ?? '').join('\n') +
  [...document.querySelectorAll('[style]')].map((element) => element.getAttribute('style')).join('\n');

describe('stored colours that are not CSS colours', () => {
  it('draw the widget and the banner as if no colour was given', async () => {
    localStorage.setItem('jwt', 'stored-jwt');
    mockApi({
      'GET /api/token/init': () =>
        jsonResponse(200, sessionUser(['view-engineer', 'nav-home', 'read-dashboard'], { dashboardId: 'd1', banner: { color: INJECTION, message: '<b>Shutdown</b> on Friday' } })),
      'GET /api/dashboard/d1': () =>
        jsonResponse(200, { _id: 'd1', name: 'Plant', filters: [], sections: [{ title: 'Now', sequenceId: 1, filters: [], items: [{ _id: 'i1', widget: 'w1', width: 6, height: 200, sequenceId: 1 }] }] }),
      'GET /api/widget/w1': () =>
        jsonResponse(200, { _id: 'w1', name: 'Open alerts', type: 'string', script: 's', options: { color: INJECTION }, navigation: null, data: { value: '7' }, dependsOn: [] }),
    });
    renderApp('/home');
    expect(await within(await screen.findByRole('region', { name: 'Open alerts' })).findByText('7')).toBeInTheDocument();
    expect(await screen.findByTestId('session-banner')).toHaveTextContent('Shutdown on Friday');
    expect(pageCss()).not.toContain('evil.example');
  });
});
