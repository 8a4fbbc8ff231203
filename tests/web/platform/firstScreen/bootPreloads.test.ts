import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { runBoot } from '../../helpers/runBoot';
import { jsonResponse, mockApi } from '../../helpers/mockApi';
import { sessionUser } from '../../helpers/sessionUsers';

/*
 * A dashboard with filters shows its filter bar with its sections (DashboardView): the boot script
 * asks for the bar's code beside the widgets' requests once the dashboard says it has filters, and
 * never for one without (issue 20: a phone's first load carries only what the page paints).
 */
const FILTER_BAR = ['/assets/FilterBar-test.js', '/assets/DateInput-test.js'];

const preloaded = () => [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));

function boot(filters: unknown[]) {
  localStorage.setItem('jwt', 'stored');
  window.history.replaceState(null, '', '/onsite');
  const api = mockApi({
    'GET /api/token/init': () => jsonResponse(200, sessionUser(['view-onsite', 'read-dashboard'], { dashboardId: 'board-1' })),
    'GET /api/dashboard/board-1': () => jsonResponse(200, { _id: 'board-1', name: 'Board', filters, sections: [] }),
  });
  runBoot([], '/api', FILTER_BAR);
  return api;
}

afterEach(() => {
  document.head.querySelectorAll('link[rel="modulepreload"]').forEach((link) => link.remove());
  delete window.__foBoot;
  window.history.replaceState(null, '', '/');
});

describe('the boot script and a dashboard’s filter bar', () => {
  it('preloads the filter bar’s code when the dashboard has filters', async () => {
    boot([{ name: 'period', type: 'date-range', label: 'Period' }]);
    await waitFor(() => expect(preloaded()).toEqual(FILTER_BAR));
  });

  it('does not for a dashboard without filters', async () => {
    const api = boot([]);
    await waitFor(() => expect(api.callsTo('GET', '/api/dashboard/board-1')).toHaveLength(1));
    // The dashboard's answer has been read by then.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(preloaded()).toEqual([]);
  });
});
