import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { DashboardRecord } from '../../../../common/resources/dashboard';
import { formatTimestamp } from '../../../../common/formatTime';
import { jsonResponse, mockApi } from '../../helpers/mockApi';
import { renderApp } from '../../helpers/renderApp';
import { sessionUser } from '../../helpers/sessionUsers';

vi.mock('react-chartjs-2', () => ({ Chart: () => <canvas />, Line: () => <canvas />, getElementAtEvent: () => [] }));
const exported = vi.hoisted(() => ({ rows: [] as Record<string, unknown>[][] }));
vi.mock('../../../../src/features/tables/exportExcel', () => ({
  exportToExcel: async (_title: string, _fields: unknown, rows: Record<string, unknown>[]) => {
    exported.rows.push(rows);
  },
}));

/*
 * Issue 45 / docs/kpis.md: a kpi widget shows its formula in one line, the figure with its unit and
 * what it divided; on an engineer's dashboard that line opens exactly the rows counted, over the
 * widget's period and assets. The figures here are the server's answers, written by hand.
 */
const START = new Date(2026, 10, 1).getTime();
const END = new Date(2026, 10, 11).getTime();
const MTBF_FORMULA = 'MTBF = operating hours in the period ÷ failures (corrective orders whose downtime began in it)';
const mtbfFigure = {
  kpi: 'mtbf', label: 'MTBF', formula: MTBF_FORMULA, unit: 'hours', source: 'SMRP Best Practices, 5th ed., metric 3.5.1 Mean Time Between Failures',
  value: 155.83, numerator: 467.5, denominator: 3, rows: 2, scope: { start: START, end: END, assets: ['a-pump'] }, until: END,
};
const kpiWidget = (id: string, name: string, data: unknown) => ({ _id: id, name, type: 'kpi', script: null, options: { kpi: (data as { kpi: string }).kpi }, navigation: null, data, dependsOn: ['workOrder'] });
const MTBF = kpiWidget('w-mtbf', 'Mean time between failures', mtbfFigure);
const COST = kpiWidget('w-cost', 'Maintenance cost per asset', { ...mtbfFigure, kpi: 'costPerAsset', label: 'Maintenance cost per asset', formula: 'Cost per asset = …', unit: 'money', value: 1262.4, numerator: 2524.8, denominator: 2 });
const PM = kpiWidget('w-pm', 'PM compliance', { ...mtbfFigure, kpi: 'pmCompliance', unit: 'percent', value: null, numerator: 0, denominator: 0, rows: 0 });

const dashboard: DashboardRecord = {
  _id: 'd1',
  name: 'Plant',
  filters: [],
  sections: [{ title: 'Maintenance KPIs', sequenceId: 1, filters: [], items: [MTBF, COST, PM].map((w, i) => ({ _id: `i${i}`, widget: w._id, width: 4, height: 220, sequenceId: i + 1 })) }],
};

const ROWS = {
  kpi: 'mtbf',
  fields: [],
  total: 2,
  matching: 2,
  rows: [
    { _id: 'o5', workOrder: 'o5', title: 'Replace seal', assetName: 'Kp pump', typeLabel: 'Corrective', downtimeStart: new Date(2026, 10, 10, 22).getTime(), downtimeEnd: null, downHours: 2, failure: true },
    { _id: 'o4', workOrder: 'o4', title: 'Quarterly service', assetName: 'Kp pump', typeLabel: 'Preventive', downtimeStart: new Date(2026, 10, 8, 0).getTime(), downtimeEnd: new Date(2026, 10, 8, 3).getTime(), downHours: 3, failure: false },
  ],
};

function signedInEngineer() {
  localStorage.setItem('jwt', 'stored-jwt');
  sessionStorage.clear();
  const calls = mockApi({
    'GET /api/token/init': () => jsonResponse(200, sessionUser(['view-engineer', 'nav-home', 'read-dashboard', 'manage-workorder'], { dashboardId: 'd1' })),
    'GET /api/dashboard/d1': () => jsonResponse(200, dashboard),
    'GET /api/widget/w-mtbf': () => jsonResponse(200, MTBF),
    'GET /api/widget/w-cost': () => jsonResponse(200, COST),
    'GET /api/widget/w-pm': () => jsonResponse(200, PM),
    'GET /api/kpi/mtbf': () => jsonResponse(200, mtbfFigure),
    'GET /api/kpi/mtbf/rows': () => jsonResponse(200, ROWS),
  });
  return calls;
}

describe('a kpi widget', () => {
  it('shows the formula, the figure with its unit and what it divided; money in cents; nothing to divide by is a dash', async () => {
    signedInEngineer();
    renderApp('/home');
    const mtbf = await screen.findByRole('region', { name: 'Mean time between failures' });
    expect(await within(mtbf).findByTestId('widget-value')).toHaveTextContent('155.83 h');
    expect(within(mtbf).getByTestId('kpi-formula')).toHaveTextContent(MTBF_FORMULA);
    expect(within(mtbf).getByRole('link', { name: '467.5 operating h ÷ 3 failures' })).toBeInTheDocument();
    const cost = await screen.findByRole('region', { name: 'Maintenance cost per asset' });
    expect(await within(cost).findByTestId('widget-value')).toHaveTextContent('1,262.40');
    expect(within(cost).getByText('2,524.8 total cost ÷ 2 assets')).toBeInTheDocument();
    const pm = await screen.findByRole('region', { name: 'PM compliance' });
    expect(await within(pm).findByTestId('widget-value')).toHaveTextContent('—');
  });

  it('opens the rows it counted over the same period and assets, with the figure above them', async () => {
    const calls = signedInEngineer();
    renderApp('/home');
    const mtbf = await screen.findByRole('region', { name: 'Mean time between failures' });
    await userEvent.click(await within(mtbf).findByRole('link', { name: '467.5 operating h ÷ 3 failures' }));
    expect(await screen.findByRole('heading', { name: 'MTBF', level: 1 })).toBeInTheDocument();
    expect(await screen.findByTestId('kpi-value')).toHaveTextContent('155.83 h');
    expect(screen.getByTestId('kpi-parts')).toHaveTextContent('467.5 operating h ÷ 3 failures');
    expect(screen.getByText(`From ${formatTimestamp(START)} to ${formatTimestamp(END)}`)).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('Replace seal')).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Replace seal', 'Kp pump', 'Corrective', formatTimestamp(new Date(2026, 10, 10, 22).getTime()), '', '2', 'Yes'],
      ['Quarterly service', 'Kp pump', 'Preventive', formatTimestamp(new Date(2026, 10, 8, 0).getTime()), formatTimestamp(new Date(2026, 10, 8, 3).getTime()), '3', 'No'],
    ]);
    const asked = calls.callsTo('GET', '/api/kpi/mtbf/rows');
    const query = new URLSearchParams(asked.at(-1)?.search);
    expect([query.get('start'), query.get('end'), query.get('asset')]).toEqual([String(START), String(END), 'a-pump']);
  });

  it('sorts, searches and pages on the server over every row counted, and exports every match', async () => {
    // 12,345 rows counted; a search for "seal" keeps 3. Each answer is the asked range of them.
    const rowOf = (index: number) => ({ _id: `o${index}`, workOrder: `o${index}`, title: `Order ${index}`, assetName: 'Kp pump', typeLabel: 'Corrective', downtimeStart: START, downtimeEnd: END, downHours: 1, failure: true });
    localStorage.setItem('jwt', 'stored-jwt');
    const answered = mockApi({
      'GET /api/token/init': () => jsonResponse(200, sessionUser(['view-engineer', 'nav-home', 'read-dashboard', 'manage-workorder'], { dashboardId: 'd1' })),
      'GET /api/dashboard/d1': () => jsonResponse(200, dashboard),
      'GET /api/kpi/mtbf': () => jsonResponse(200, mtbfFigure),
      'GET /api/kpi/mtbf/rows': (call) => {
        const params = new URLSearchParams(call.search);
        const matching = params.get('search') ? 3 : 12_345;
        const [first = 0, last = 0] = JSON.parse(params.get('range') ?? '[0,24]') as number[];
        const rows = Array.from({ length: Math.max(0, Math.min(last, matching - 1) - first + 1) }, (_, index) => rowOf(first + index));
        return jsonResponse(200, { kpi: 'mtbf', fields: [], total: 12_345, matching, rows });
      },
    });
    renderApp(`/home/kpi/mtbf?start=${START}&end=${END}&asset=a-pump`);
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('Order 0')).toBeInTheDocument();
    expect(screen.getByText('1–25 of 12345')).toBeInTheDocument();
    const asked = () => new URLSearchParams(answered.callsTo('GET', '/api/kpi/mtbf/rows').at(-1)!.search);
    expect([asked().get('range'), asked().get('sort'), asked().get('search')]).toEqual(['[0,24]', null, null]);

    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    expect(await within(table).findByText('Order 25')).toBeInTheDocument();
    expect(asked().get('range')).toBe('[25,49]');

    // A sort is the server's, over all the rows, from the first page again.
    await userEvent.click(within(table).getByRole('button', { name: /Down in period/ }));
    await waitFor(() => expect(asked().get('sort')).toBe('["downHours","ASC"]'));
    expect(asked().get('range')).toBe('[0,24]');

    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), 'seal');
    await waitFor(() => expect(asked().get('search')).toBe('seal'));
    expect(await screen.findByText(/3 match the search\./)).toBeInTheDocument();
    expect(screen.getByText(/12,345 rows\./)).toBeInTheDocument();

    // The export reads every match in pages of the server's limit, not the page shown.
    await userEvent.clear(screen.getByRole('textbox', { name: 'Search' }));
    await waitFor(() => expect(asked().get('search')).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export to Excel' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Export to Excel' }));
    await waitFor(() => expect(exported.rows).toHaveLength(1));
    expect(exported.rows[0]).toHaveLength(12_345);
    const exportRanges = answered.callsTo('GET', '/api/kpi/mtbf/rows').map((call) => new URLSearchParams(call.search).get('range')).filter((range) => range!.endsWith('9999]'));
    expect(exportRanges).toEqual(['[0,9999]', '[10000,19999]']);
  }, 30_000);
});
