import { jsonResponse, mockApi } from './mockApi';
import { renderApp } from './renderApp';
import { sessionUser } from './sessionUsers';

type Answers = Parameters<typeof mockApi>[0];

/** Opens an administration screen as a signed-in user holding `permissions`, with the API mocked. */
export function openAdminScreen(path: string, permissions: string[], answers: Answers = {}) {
  localStorage.setItem('jwt', 'stored-jwt');
  const api = mockApi({
    'GET /api/token/init': () => jsonResponse(200, sessionUser(['view-engineer', 'nav-home', ...permissions])),
    ...answers,
  });
  renderApp(path);
  return api;
}
