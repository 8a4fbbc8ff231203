import { act, screen, waitFor, within } from '@testing-library/react';
import { use } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DashboardRecord } from '../../../../common/resources/dashboard';
import { jsonResponse, mockApi, type ApiCall } from '../../helpers/mockApi';
import { renderApp } from '../../helpers/renderApp';
import { sessionUser } from '../../helpers/sessionUsers';
import { fakeSockets as sockets } from '../../platform/realtime/fakeSocket';

/*
 * Issue 20: a dashboard with filters shows its sections with its filter bar, whose code (the date
 * pickers) loads once the dashboard says it has filters. Its widgets' first requests do not wait for
 * that code: they go out as soon as the filters have their initial values, and each widget takes
 * its answer when it shows — one request per widget, not two.
 */

// The filter bar's code "arrives" when the test says so: until then the bar suspends, as it does
// while its chunk downloads.
const filterBar = vi.hoisted(() => {
  const gate = { arrived: Promise.resolve(), open: () => undefined as void };
  return {
    gate,
    close() {
      gate.arrived = new Promise<void>((resolve) => (gate.open = resolve));
    },
  };
});
vi.mock('../../../../src/features/dashboards/DashboardFilterBar', async (importOriginal) => {
  const { DashboardFilterBar } = await importOriginal<typeof import('../../../../src/features/dashboards/DashboardFilterBar')>();
  const Gated = (props: Parameters<typeof DashboardFilterBar>[0]) => {
    use(filterBar.gate.arrived);
    return <DashboardFilterBar {...props} />;
  };
  return { DashboardFilterBar: Gated };
});

const DAY = 86_400_000;
const startOfDay = (ms: number) => new Date(new Date(ms).setHours(0, 0, 0, 0)).getTime();
const endOfDay = (ms: number) => new Date(new Date(ms).setHours(23, 59, 59, 999)).getTime();

const dashboard: DashboardRecord = {
  _id: 'd1',
  name: 'Wall board',
  filters: [
    { name: 'period', type: 'date-range', options: { label: 'Period', defaultValue: '30', values: '7,30' } },
    { name: 'building', type: 'select', options: { label: 'Building', defaultValue: 'Building A', values: 'Building A,Building B' } },
  ],
  sections: [
    { title: 'Trend', sequenceId: 1, filters: ['period'], items: [{ _id: 'i1', widget: 'w-period', width: 6, height: 200, sequenceId: 1 }] },
    { title: 'Now', sequenceId: 2, filters: ['building'], items: [{ _id: 'i2', widget: 'w-building', width: 6, height: 200, sequenceId: 1 }] },
  ],
};

function renderBoard() {
  localStorage.setItem('jwt', 'stored-jwt');
  sessionStorage.clear();
  const counts: Record<string, number> = {};
  const answer = (id: string, name: string) => (call: ApiCall) => {
    counts[id] = (counts[id] ?? 0) + 1;
    return jsonResponse(200, { _id: id, name, type: 'string', script: 's', options: {}, navigation: null, data: { value: `${name} #${counts[id]}` }, dependsOn: ['alert'], query: call.search });
  };
  const api = mockApi({
    'GET /api/token/init': () => jsonResponse(200, sessionUser(['view-engineer', 'nav-home', 'read-dashboard', 'read-alert'], { dashboardId: 'd1' })),
    'GET /api/dashboard/d1': () => jsonResponse(200, dashboard),
    'GET /api/widget/w-period': answer('w-period', 'Alerts in period'),
    'GET /api/widget/w-building': answer('w-building', 'Open alerts'),
  });
  renderApp('/home');
  return { widgetCalls: (id: string) => api.callsTo('GET', `/api/widget/${id}`).map((call) => new URLSearchParams(call.search)) };
}

describe('a dashboard with filters: its widgets and its filter bar’s code (issue 20)', () => {
  beforeEach(() => filterBar.close());

  it('asks each widget with its initial filters while the bar’s code loads, and shows that answer without asking again', async () => {
    const { widgetCalls } = renderBoard();
    const today = Date.now();
    await waitFor(() => expect(widgetCalls('w-period').map((query) => query.get('period'))).toEqual([`${startOfDay(today - 30 * DAY)}|${endOfDay(today)}`]));
    expect(widgetCalls('w-building').map((query) => query.get('building'))).toEqual(['Building A']);
    // Nothing of the dashboard shows yet: it waits for its bar.
    expect(screen.queryByRole('region', { name: 'Alerts in period' })).toBeNull();

    act(() => filterBar.gate.open());
    expect(within(await screen.findByRole('region', { name: 'Alerts in period' })).getByText('Alerts in period #1')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Open alerts' })).getByText('Open alerts #1')).toBeInTheDocument();
    expect(widgetCalls('w-period')).toHaveLength(1);
    expect(widgetCalls('w-building')).toHaveLength(1);
  });

  it('a push before the bar arrives: the early answers are not shown, the widgets ask again', async () => {
    const { widgetCalls } = renderBoard();
    await waitFor(() => expect(widgetCalls('w-period')).toHaveLength(1));
    await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
    const socket = sockets.at(-1)!;
    act(() => socket.accept());
    act(() => socket.push('new-alert', { _id: 'a1', asset: 'x', inspection: null, level: 'l', timestamp: 1, assetName: 'Pump', levelName: 'High', color: '#f00' }));

    // Pushes within 400 ms are one change (docs/dashboards.md): let it land before the bar does.
    await act(() => new Promise((resolve) => setTimeout(resolve, 1_000)));
    act(() => filterBar.gate.open());
    // The first value the widget shows is the one asked after the push.
    expect(await screen.findByText(/Alerts in period #\d/)).toHaveTextContent('Alerts in period #2');
    expect(await screen.findByText(/Open alerts #\d/)).toHaveTextContent('Open alerts #2');
    expect(widgetCalls('w-period')).toHaveLength(2);
    expect(widgetCalls('w-building')).toHaveLength(2);
  });
});
