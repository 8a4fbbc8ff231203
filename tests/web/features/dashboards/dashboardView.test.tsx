import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DashboardRecord } from '../../../../common/resources/dashboard';
import { dateField, dateFieldValue, findDateField } from '../../helpers/dateInput';
import { errorResponse, jsonResponse, mockApi, type ApiCall } from '../../helpers/mockApi';
import { renderApp } from '../../helpers/renderApp';
import { sessionUser } from '../../helpers/sessionUsers';
import { fakeSockets as sockets } from '../../platform/realtime/fakeSocket';

const DAY = 86_400_000;

// Spec §9: date inputs read YYYY-MM-DD; a range runs from the first to the last millisecond of its days (local time).
const pad = (n: number) => String(n).padStart(2, '0');
const dayText = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};
const startOfDay = (ms: number) => new Date(new Date(ms).setHours(0, 0, 0, 0)).getTime();
const endOfDay = (ms: number) => new Date(new Date(ms).setHours(23, 59, 59, 999)).getTime();
/** The '{n} days' back from today range as the widget call carries it. */
const daysBack = (today: number, n: number) => `${startOfDay(today - n * DAY)}|${endOfDay(today)}`;

const dashboard: DashboardRecord = {
  _id: 'd1',
  name: 'Plant overview',
  filters: [
    { name: 'period', type: 'date-range', options: { label: 'Period', defaultValue: '30', values: '7,30' } },
    { name: 'building', type: 'select', options: { label: 'Building', defaultValue: 'Building A', values: 'Building A,Building B' } },
  ],
  sections: [
    { title: 'Trend', sequenceId: 2, filters: ['period'], items: [{ _id: 'i1', widget: 'w-period', width: 6, height: 200, sequenceId: 1 }] },
    { title: 'Now', sequenceId: 1, filters: ['building'], items: [{ _id: 'i2', widget: 'w-building', width: 6, height: 200, sequenceId: 1 }] },
    {
      title: 'Plain',
      sequenceId: 3,
      filters: [],
      items: [
        { _id: 'i3', widget: 'w-inspections', width: 4, height: 200, sequenceId: 1 },
        { _id: 'i4', widget: 'w-broken', width: 4, height: 200, sequenceId: 2 },
        { _id: 'i5', widget: 'w-html', width: 4, height: 200, sequenceId: 3 },
      ],
    },
  ],
};

/** Each widget answers a count that goes up with every call, so a reload shows. */
function widgetAnswers(counts: Record<string, number>) {
  const answer = (id: string, name: string, dependsOn: string[], navigation: unknown = null) => (call: ApiCall) => {
    counts[id] = (counts[id] ?? 0) + 1;
    return jsonResponse(200, { _id: id, name, type: 'string', script: 's', options: {}, navigation, data: { value: `${name} #${counts[id]}` }, dependsOn, query: call.search });
  };
  return {
    'GET /api/widget/w-period': answer('w-period', 'Alerts in period', ['alert'], { type: 'alert', table: 't-alerts' }),
    'GET /api/widget/w-building': answer('w-building', 'Open alerts', ['alert', 'asset']),
    'GET /api/widget/w-inspections': answer('w-inspections', 'Inspections today', ['inspection']),
    'GET /api/widget/w-broken': () => errorResponse(422, 'Error: meter offline (line 3)'),
    'GET /api/widget/w-html': () =>
      jsonResponse(200, { _id: 'w-html', name: 'Notes', type: 'html', script: 's', options: {}, navigation: null, data: '<b>Shift</b> notes<img src="x" onerror="window.hacked=1"><script>window.hacked=2</script>', dependsOn: [] }),
  };
}

function renderDashboard(counts: Record<string, number> = {}, overrides: Parameters<typeof mockApi>[0] = {}) {
  localStorage.setItem('jwt', 'stored-jwt');
  sessionStorage.clear();
  const api = mockApi({
    'GET /api/token/init': () => jsonResponse(200, sessionUser(['view-engineer', 'nav-home', 'read-dashboard', 'read-alert'], { dashboardId: 'd1' })),
    'GET /api/dashboard/d1': () => jsonResponse(200, dashboard),
    ...widgetAnswers(counts),
    // The table screen a widget navigates to lists the role's tables of that type.
    'GET /api/table': () => jsonResponse(200, []),
    'GET /api/table/t-alerts': () => jsonResponse(200, { name: 'Alerts', keyField: '_id', type: 'alert', fields: [{ heading: 'Message', dataField: 'message' }], data: [] }),
    ...overrides,
  });
  renderApp('/home');
  return { api, counts, widgetCalls: (id: string) => api.callsTo('GET', `/api/widget/${id}`).map((call) => new URLSearchParams(call.search)) };
}

const widget = (name: string) => screen.findByRole('region', { name });

/** Waits until `text` is drawn, turning the real event loop (the answer's promises) while fake clocks stand still. */
async function drawn(text: string) {
  for (let turn = 0; turn < 100 && !screen.queryByText(text); turn++) await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
  expect(screen.getByText(text)).toBeInTheDocument();
}

describe('the dashboard', () => {
  it("initialises every filter before its widgets load: a date range to '{n} days' back from today, a select to its default", async () => {
    const { widgetCalls } = renderDashboard();
    expect(within(await widget('Alerts in period')).getByText('Alerts in period #1')).toBeInTheDocument();
    await widget('Open alerts');

    const today = Date.now();
    const [periodCall, ...more] = widgetCalls('w-period');
    expect(more).toHaveLength(0);
    expect(periodCall!.get('period')).toBe(daysBack(today, 30));
    expect(widgetCalls('w-building').map((query) => query.get('building'))).toEqual(['Building A']);
    // Each widget receives only its section's filters.
    expect(periodCall!.has('building')).toBe(false);
    expect(widgetCalls('w-inspections')).toHaveLength(1);
    expect(widgetCalls('w-inspections')[0]!.toString()).toBe('');

    // The filter bar's code loads once the dashboard says it has filters (issue 20).
    expect(dateFieldValue(await findDateField('Period from'))).toBe(dayText(today - 30 * DAY));
    expect(dateFieldValue(dateField('Period to'))).toBe(dayText(today));
    expect(screen.getByRole('button', { name: '30 days' })).toHaveClass('MuiChip-colorPrimary');
    // Sections in sequence order.
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Now', 'Trend', 'Plain']);
  });

  it('reloads only the widgets whose filter changed', async () => {
    const { widgetCalls } = renderDashboard();
    await screen.findByText('Open alerts #1');
    await screen.findByText('Alerts in period #1');

    fireEvent.click(screen.getByRole('button', { name: '7 days' }));
    expect(await screen.findByText('Alerts in period #2')).toBeInTheDocument();
    const today = Date.now();
    expect(widgetCalls('w-period').at(-1)!.get('period')).toBe(daysBack(today, 7));
    expect(widgetCalls('w-building')).toHaveLength(1);
    expect(widgetCalls('w-inspections')).toHaveLength(1);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Building' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Building B' }));
    expect(await screen.findByText('Open alerts #2')).toBeInTheDocument();
    expect(widgetCalls('w-building').at(-1)!.get('building')).toBe('Building B');
    expect(widgetCalls('w-period')).toHaveLength(2);
    expect(widgetCalls('w-inspections')).toHaveLength(1);
  });

  it('reloads on pushes only the widgets that read what changed, keeping the chosen filters', async () => {
    const { widgetCalls } = renderDashboard();
    await screen.findByText('Inspections today #1');
    await screen.findByText('Open alerts #1');
    fireEvent.click(screen.getByRole('button', { name: '7 days' }));
    await screen.findByText('Alerts in period #2');
    await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
    const socket = sockets.at(-1)!;
    act(() => socket.accept());

    act(() => {
      // A burst of alerts is one reload.
      for (let n = 0; n < 5; n++) socket.push('new-alert', { _id: `a${n}`, asset: 'x', inspection: null, level: 'l', timestamp: 1, assetName: 'Pump', levelName: 'High', color: '#f00' });
    });
    expect(await screen.findByText('Open alerts #2')).toBeInTheDocument();
    expect(await screen.findByText('Alerts in period #3')).toBeInTheDocument();
    expect(widgetCalls('w-inspections')).toHaveLength(1);
    expect(widgetCalls('w-period').at(-1)!.get('period')).toBe(widgetCalls('w-period')[1]!.get('period'));
    // What was shown stays while the reload runs: no skeleton replaced it.
    expect(screen.getByText('Inspections today #1')).toBeInTheDocument();

    act(() => socket.push('new-inspection', { _id: 'i9', asset: 'x', checklist: 'c', timestamp: 1, assetName: 'Pump', checklistName: 'Weekly' }));
    expect(await screen.findByText('Inspections today #2')).toBeInTheDocument();
    expect(widgetCalls('w-building')).toHaveLength(2);
    expect(widgetCalls('w-period')).toHaveLength(3);
  });

  it('reloads every widget once when the connection comes back (pushes sent meanwhile were lost), not when it first opens', async () => {
    const { widgetCalls } = renderDashboard();
    await screen.findByText('Inspections today #1');
    await screen.findByText('Open alerts #1');
    await screen.findByText('Alerts in period #1');
    await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
    const socket = sockets.at(-1)!;
    act(() => socket.accept());
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(['w-inspections', 'w-building', 'w-period'].map((id) => widgetCalls(id).length)).toEqual([1, 1, 1]);

    act(() => socket.serverDisconnect());
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(widgetCalls('w-inspections')).toHaveLength(1);
    act(() => socket.accept());
    expect(await screen.findByText('Inspections today #2', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(await screen.findByText('Open alerts #2')).toBeInTheDocument();
    expect(await screen.findByText('Alerts in period #2')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(['w-inspections', 'w-building', 'w-period'].map((id) => widgetCalls(id).length)).toEqual([2, 2, 2]);
  });

  it('a push while a widget reloads does not cancel that answer: it shows, then the widget asks once more', async () => {
    // After the first, answers are held until the test releases them, as a busy server's would be.
    const counts: Record<string, number> = {};
    const answerOf = widgetAnswers(counts)['GET /api/widget/w-inspections'];
    const held: (() => void)[] = [];
    const { api } = renderDashboard(counts, {
      'GET /api/widget/w-inspections': (call) => (counts['w-inspections'] ? new Promise((resolve) => held.push(() => resolve(answerOf(call)))) : answerOf(call)),
    });
    await screen.findByText('Inspections today #1');
    await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
    const socket = sockets.at(-1)!;
    act(() => socket.accept());
    const push = (n: number) => act(() => socket.push('new-inspection', { _id: `i${n}`, asset: 'x', checklist: 'c', timestamp: 1, assetName: 'Pump', checklistName: 'Weekly' }));
    const calls = () => api.callsTo('GET', '/api/widget/w-inspections').length;

    push(1);
    await waitFor(() => expect(calls()).toBe(2), { timeout: 5_000 });
    // Two more pushes, each past the 400 ms coalescing window, while that reload is on its way.
    push(2);
    await new Promise((resolve) => setTimeout(resolve, 600));
    push(3);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(calls()).toBe(2);

    act(() => held.shift()!());
    expect(await screen.findByText('Inspections today #2')).toBeInTheDocument();
    // Stale meanwhile: one more call, not one per push (two seconds after the last one started at the most).
    await waitFor(() => expect(calls()).toBe(3), { timeout: 5_000 });
    act(() => held.shift()!());
    expect(await screen.findByText('Inspections today #3')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(calls()).toBe(3);
  });

  it('under a steady stream of pushes a widget reloads every two seconds, not at every push', async () => {
    // The clock stands at T0 while the dashboard loads: the widget's first load starts at T0.
    const T0 = Date.UTC(2026, 2, 18, 9, 0);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    const { widgetCalls } = renderDashboard();
    await screen.findByText('Inspections today #1');
    await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
    const socket = sockets.at(-1)!;
    act(() => socket.accept());

    // From here the reload timers are fake too, and time moves only as the test moves it, from T0.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(T0);
    const calls = () => widgetCalls('w-inspections').length;
    const reloadsAt: number[] = [];
    // A push every half second from 1 s to 7 s (13 pushes), then quiet until 12 s; 100 ms at a time.
    for (let at = 100; at <= 12_000; at += 100) {
      const before = calls();
      await act(() => vi.advanceTimersByTimeAsync(100));
      for (let n = before; n < calls(); n++) reloadsAt.push(at);
      // Each answer is drawn before the clock moves on, as a server answering at once would have it.
      if (calls() > before) await drawn(`Inspections today #${calls()}`);
      if (at >= 1_000 && at <= 7_000 && at % 500 === 0) act(() => socket.push('new-inspection', { _id: `s${at}`, asset: 'x', checklist: 'c', timestamp: 1, assetName: 'Pump', checklistName: 'Weekly' }));
    }
    // Two seconds after the first load, then every two seconds while pushes come (the last one's
    // coalescing window ends at 7.4 s, so a reload at 8 s): four, where a reload per push would be thirteen.
    expect(reloadsAt).toEqual([2_000, 4_000, 6_000, 8_000]);
  });

  it("shows a failing widget's message inside it while the others draw; HTML is sanitised", async () => {
    renderDashboard();
    const broken = await screen.findByText('This widget could not be loaded: Error: meter offline (line 3)');
    expect(broken.closest('[data-widget-id]')).toHaveAttribute('data-widget-id', 'w-broken');
    expect(await screen.findByText('Inspections today #1')).toBeInTheDocument();
    const notes = await widget('Notes');
    expect(within(notes).getByText('Shift')).toBeInTheDocument();
    expect(notes.querySelector('script')).toBeNull();
    expect(notes.querySelector('img')?.getAttribute('onerror')).toBeNull();
  });

  it('a widget with navigation opens its table with the section filters', async () => {
    renderDashboard();
    await screen.findByText('Alerts in period #1');
    fireEvent.click(screen.getByRole('button', { name: 'Alerts in period' }));
    const today = Date.now();
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        `/home/alert/table/t-alerts?dateRange=${encodeURIComponent(daysBack(today, 30))}`,
      ),
    );
  });
});
