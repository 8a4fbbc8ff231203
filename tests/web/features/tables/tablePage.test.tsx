import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatTimestamp } from '../../../../common/formatTime';
import type { TableDefinition } from '../../../../src/features/tables/tableDefinition';
import { dateField, dateFieldValue, typeDate } from '../../helpers/dateInput';
import { jsonResponse, mockApi, type ApiCall } from '../../helpers/mockApi';
import { renderApp } from '../../helpers/renderApp';
import { sessionUser } from '../../helpers/sessionUsers';

const AT = new Date(2026, 2, 4, 9, 5).getTime();

const assetTables = [
  { _id: 't1', name: 'All assets', type: 'asset', default: false },
  { _id: 't2', name: 'My assets', type: 'asset', default: true },
];

function definition(overrides: Partial<TableDefinition> = {}): TableDefinition {
  return {
    name: 'My assets',
    keyField: '_id',
    type: 'asset',
    fields: [
      { heading: 'Name', dataField: 'name' },
      { heading: 'Tags', dataField: 'tags' },
      { heading: 'Time', dataField: 'timestamp' },
      { heading: 'Level', dataField: 'level' },
      { heading: 'Severity', dataField: 'severityLevel' },
    ],
    filters: [],
    data: [
      { _id: 'a1', name: 'Pump 1', tags: ['north', 'wet'], timestamp: AT, level: { name: 'Critical', color: '#ff0000' }, severityLevel: { text: 'B', color: '#00aa00' } },
      { _id: 'a2', name: 'Pump 2', tags: [], timestamp: AT - 1000 },
    ],
    sort: { timestamp: 'desc' },
    ...overrides,
  };
}

function openTable(path: string, answers: Record<string, (call: ApiCall) => Response>, permissions: string[] = ['view-engineer']) {
  localStorage.setItem('jwt', 'stored-jwt');
  const api = mockApi({ 'GET /api/token/init': () => jsonResponse(200, sessionUser(permissions)), ...answers });
  renderApp(path);
  return api;
}

const bodyRows = () => screen.getAllByRole('row').filter((row) => row.hasAttribute('data-row-id'));

describe('generic table screen (spec §2.5)', () => {
  it("lists the role's tables of the route's type and opens the default one", async () => {
    const api = openTable('/home/asset/table', {
      'GET /api/table': () => jsonResponse(200, assetTables),
      'GET /api/table/t2': () => jsonResponse(200, definition()),
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/home/asset/table/t2'));
    expect(await screen.findByText('Pump 1')).toBeInTheDocument();
    const [listCall] = api.callsTo('GET', '/api/table');
    expect(new URLSearchParams(listCall!.search).get('limitToRole')).toBe('true');
    expect(new URLSearchParams(listCall!.search).get('type')).toBe('asset');
    expect(screen.getByRole('combobox', { name: 'Table' })).toHaveTextContent('My assets');
  });

  it('switches table from the selector', async () => {
    openTable('/home/asset/table/t2', {
      'GET /api/table': () => jsonResponse(200, assetTables),
      'GET /api/table/t2': () => jsonResponse(200, definition()),
      'GET /api/table/t1': () => jsonResponse(200, definition({ name: 'All assets', data: [{ _id: 'z', name: 'Fan 9' }] })),
    });
    const user = userEvent.setup();
    await screen.findByText('Pump 1');
    await user.click(screen.getByRole('combobox', { name: 'Table' }));
    await user.click(await screen.findByRole('option', { name: 'All assets' }));
    expect(await screen.findByText('Fan 9')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/home/asset/table/t1');
  });

  it('renders the special columns: tag chips, formatted time, level circle, severity chip', async () => {
    openTable('/home/asset/table/t2', {
      'GET /api/table': () => jsonResponse(200, assetTables),
      'GET /api/table/t2': () => jsonResponse(200, definition()),
    });
    await screen.findByText('Pump 1');
    const row = within(bodyRows()[0]!);
    expect(row.getByText('north').closest('.MuiChip-root')).not.toBeNull();
    expect(row.getByText('wet').closest('.MuiChip-root')).not.toBeNull();
    expect(row.getByText(formatTimestamp(AT))).toBeInTheDocument();
    expect(row.getByRole('img', { name: 'Critical' })).toHaveAttribute('data-color', '#ff0000');
    const severity = row.getByText('Priority B').closest('.MuiChip-root');
    expect(severity).toHaveStyle({ backgroundColor: '#00aa00' });
  });

  it('renders HTML values sanitised, not as markup, and searches their text', async () => {
    const withMessage = definition({
      fields: [
        { heading: 'Name', dataField: 'name' },
        { heading: 'Message', dataField: 'message' },
      ],
      data: [
        { _id: 'a1', name: 'Pump 1', message: '<p><strong>Status</strong> is <img src=x onerror="window.hacked=1">down</p>' },
        { _id: 'a2', name: 'Pump 2', message: 'plain words' },
      ],
    });
    openTable('/home/asset/table/t2', {
      'GET /api/table': () => jsonResponse(200, assetTables),
      'GET /api/table/t2': () => jsonResponse(200, withMessage),
    });
    const strong = await screen.findByText('Status');
    expect(strong.tagName).toBe('STRONG');
    expect(screen.queryByText(/<strong>/)).toBeNull();
    expect(document.querySelector('[onerror]')).toBeNull();
    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), 'is down');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(within(bodyRows()[0]!).getByText('Pump 1')).toBeInTheDocument();
  });

  it('sends filters with defaults and a dateRange as start|end, and shows sanitised content', async () => {
    const api = openTable('/home/alert/table/al', {
      'GET /api/table': () => jsonResponse(200, [{ _id: 'al', name: 'Alerts', default: true }]),
      'GET /api/table/al': () =>
        jsonResponse(
          200,
          definition({
            filters: [
              { name: 'period', type: 'dateRange', defaultValue: '2026-03-10|2026-03-01' },
              { name: 'status', type: 'dropdown', options: ['Open', 'Closed'], defaultValue: 'Open' },
            ],
            preTableContent: '<b>Before</b><script>window.hacked = 1</script>',
            postTableContent: '<i onclick="window.hacked = 1">After</i>',
          }),
        ),
    });
    expect(await screen.findByText('Before')).toBeInTheDocument();
    expect(screen.getByText('After')).not.toHaveAttribute('onclick');
    await waitFor(() => expect(api.callsTo('GET', '/api/table/al')).toHaveLength(2));
    const query = new URLSearchParams(api.callsTo('GET', '/api/table/al')[1]!.search);
    expect(query.get('period')).toBe(`${new Date(2026, 2, 1).getTime()}|${new Date(2026, 2, 10, 23, 59, 59, 999).getTime()}`);
    expect(query.get('status')).toBe('Open');
  });

  /** The Alerts table with one date range filter, 'Period', from 2026-03-01 to 2026-03-10. */
  async function openPeriodTable() {
    const api = openTable('/home/alert/table/al', {
      'GET /api/table': () => jsonResponse(200, [{ _id: 'al', name: 'Alerts', default: true }]),
      'GET /api/table/al': () => jsonResponse(200, definition({ filters: [{ name: 'period', type: 'dateRange', placeholder: 'Period', defaultValue: '2026-03-01|2026-03-10' }] })),
    });
    await screen.findByText('Pump 1');
    return api;
  }

  it('takes dates typed as YYYY-MM-DD, puts a range typed back to front in order (spec §5) and sends it as start|end', async () => {
    const api = await openPeriodTable();
    const start = dateField('Period from');
    const end = dateField('Period to');
    expect(dateFieldValue(start)).toBe('2026-03-01');

    await typeDate(start, '2026-03-20');
    // The range is put in order: 2026-03-10 to 2026-03-20.
    await waitFor(() => expect(dateFieldValue(start)).toBe('2026-03-10'));
    expect(dateFieldValue(end)).toBe('2026-03-20');
    await waitFor(() =>
      expect(new URLSearchParams(api.callsTo('GET', '/api/table/al').at(-1)!.search).get('period')).toBe(
        `${new Date(2026, 2, 10).getTime()}|${new Date(2026, 2, 20, 23, 59, 59, 999).getTime()}`,
      ),
    );
  });

  it('typing a new end year never swaps the range half way: the year passes 0002 on its way to 2027', async () => {
    const api = await openPeriodTable();
    const start = dateField('Period from');
    const end = dateField('Period to');
    await typeDate(end, '2027-03-10');
    expect(dateFieldValue(start)).toBe('2026-03-01');
    expect(dateFieldValue(end)).toBe('2027-03-10');
    await waitFor(() =>
      expect(new URLSearchParams(api.callsTo('GET', '/api/table/al').at(-1)!.search).get('period')).toBe(
        `${new Date(2026, 2, 1).getTime()}|${new Date(2027, 2, 10, 23, 59, 59, 999).getTime()}`,
      ),
    );
  });

  it("offers one 'no filter' entry: 'Any' on a dropdown without a default, none beside the options of one with a default", async () => {
    openTable('/home/alert/table/al', {
      'GET /api/table': () => jsonResponse(200, [{ _id: 'al', name: 'Alerts', default: true }]),
      'GET /api/table/al': () =>
        jsonResponse(
          200,
          definition({
            filters: [
              { name: 'tag', type: 'dropdown', options: ['north', 'south'], placeholder: 'Tag' },
              {
                name: 'status',
                type: 'dropdown',
                options: [
                  { value: 'open', label: 'Open' },
                  { value: 'all', label: 'All' },
                ],
                defaultValue: 'open',
                placeholder: 'Status',
              },
            ],
          }),
        ),
    });
    await screen.findByText('Pump 1');
    await userEvent.click(screen.getByRole('combobox', { name: 'Tag' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Any', 'north', 'south']);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Open', 'All']);
  });

  it('restores the saved page size, search and sort on return', async () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ _id: `r${i}`, name: `Asset ${String(i).padStart(2, '0')}`, timestamp: AT + i }));
    const answers = {
      'GET /api/table': () => jsonResponse(200, assetTables),
      'GET /api/table/t2': () => jsonResponse(200, definition({ data: many })),
    };
    openTable('/home/asset/table/t2', answers);
    await screen.findByText('Asset 29');
    // Default: timestamp descending, 10 rows.
    expect(bodyRows()).toHaveLength(10);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'Asset 0');
    await user.click(screen.getByRole('button', { name: 'Name' }));
    // Time was descending: one click takes it out of the sort.
    await user.click(screen.getByRole('button', { name: 'Time' }));
    // Timestamp taken out of the sort: by name ascending, filtered by the search.
    await waitFor(() => expect(within(bodyRows()[0]!).getByText('Asset 00')).toBeInTheDocument());
    const saved = JSON.parse(localStorage.getItem('tableSettings:t2')!);
    expect(saved).toMatchObject({ search: 'Asset 0', sortBy: ['name'], sortDesc: [false], page: 0, itemsPerPage: 10 });

    // Leave and come back: the same search and order.
    cleanup();
    openTable('/home/asset/table/t2', answers);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('Asset 0'));
    expect(within(bodyRows()[0]!).getByText('Asset 00')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(10);
  });

  it('opens on the saved settings', async () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ _id: `r${i}`, name: `Asset ${String(i).padStart(2, '0')}`, timestamp: AT + i }));
    localStorage.setItem('tableSettings:t2', JSON.stringify({ page: 1, itemsPerPage: 5, search: 'Asset 1', sortBy: ['name'], sortDesc: [false] }));
    openTable('/home/asset/table/t2', {
      'GET /api/table': () => jsonResponse(200, assetTables),
      'GET /api/table/t2': () => jsonResponse(200, definition({ data: many })),
    });
    // 'Asset 1' matches Asset 10..19; sorted by name, page 2 of 5 rows.
    await waitFor(() => expect(bodyRows().map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['Asset 15', 'Asset 16', 'Asset 17', 'Asset 18', 'Asset 19']));
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('Asset 1');
  });

  it('shows all rows without paging when pagination is hidden, and expands all rows of a type without a detail view into name/value pairs', async () => {
    const many = Array.from({ length: 15 }, (_, i) => ({ _id: `r${i}`, name: `Asset ${i}`, timestamp: AT + i }));
    openTable('/home/asset/table/t2', {
      'GET /api/table': () => jsonResponse(200, assetTables),
      // A type without a detail view of its own (checklist): its rows expand into their fields.
      'GET /api/table/t2': () => jsonResponse(200, definition({ type: 'checklist', data: many, hidePagination: true, setSupportRowExpand: true, expandCollapseAllRows: true })),
    });
    await screen.findByText('Asset 14');
    expect(bodyRows()).toHaveLength(15);
    expect(screen.queryByText('Rows per page:')).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Expand All' }));
    expect(screen.getAllByRole('table', { name: 'Row details' })).toHaveLength(15);
    await user.click(screen.getByRole('button', { name: 'Collapse All' }));
    expect(screen.queryAllByRole('table', { name: 'Row details' })).toHaveLength(0);
  });

  it('refreshes the table', async () => {
    const api = openTable('/home/asset/table/t2', {
      'GET /api/table': () => jsonResponse(200, assetTables),
      'GET /api/table/t2': () => jsonResponse(200, definition()),
    });
    await screen.findByText('Pump 1');
    // The app bar has its own Refresh icon; the table's is the labelled button.
    const refresh = screen.getAllByRole('button', { name: 'Refresh' }).find((button) => button.textContent === 'Refresh');
    await userEvent.setup().click(refresh!);
    await waitFor(() => expect(api.callsTo('GET', '/api/table/t2')).toHaveLength(2));
  });

  it('downloads a report row in the format of the icon clicked', async () => {
    const api = openTable('/home/report/table', {
      'GET /api/table': () => jsonResponse(200, [{ _id: 'rt', name: 'Reports', default: true }]),
      'GET /api/table/rt': () =>
        jsonResponse(200, {
          name: 'Reports',
          fields: [
            { heading: 'Report', dataField: 'name' },
            { heading: 'Download', dataField: 'formats' },
          ],
          data: [{ _id: 'rep1', name: 'Monthly', formats: ['pdf', 'xls'] }],
        }),
      'GET /api/report/rep1/download': () => new Response(new Blob(['x']), { status: 200, headers: { 'content-disposition': 'attachment; filename="Monthly.xlsx"' } }),
    });
    await screen.findByText('Monthly');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/home\/report\/table$/);
    expect(screen.queryByRole('button', { name: 'Download Monthly as DOC' })).toBeNull();
    URL.createObjectURL = () => 'blob:x';
    URL.revokeObjectURL = () => undefined;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download Monthly as XLS' }));
    await waitFor(() => expect(api.callsTo('GET', '/api/report/rep1/download')).toHaveLength(1));
    expect(new URLSearchParams(api.callsTo('GET', '/api/report/rep1/download')[0]!.search).get('reportFormat')).toBe('xls');
  });

  it('shows the inspection table at /home/inspections and lists the drawer entries by permission', async () => {
    const api = openTable(
      '/home/inspections',
      {
        'GET /api/table': () => jsonResponse(200, [{ _id: 'in', name: 'Inspections', default: true }]),
        'GET /api/table/in': () => jsonResponse(200, definition({ name: 'Inspections', data: [{ _id: 'i1', name: 'Round 1' }] })),
      },
      ['view-engineer', 'nav-assets', 'nav-alerts', 'nav-checklists', 'nav-inspections', 'nav-report'],
    );
    expect(await screen.findByText('Round 1')).toBeInTheDocument();
    expect(new URLSearchParams(api.callsTo('GET', '/api/table')[0]!.search).get('type')).toBe('inspection');
    const entries = screen.getAllByRole('menuitem').map((item) => [item.textContent, item.getAttribute('href')]);
    expect(entries).toEqual([
      ['Assets', '/home/asset/table'],
      ['Alerts', '/home/alert/table'],
      ['Checklists', '/home/checklist/table'],
      ['Inspections', '/home/inspections'],
      ['Reports', '/home/report/table'],
    ]);
  });
});
