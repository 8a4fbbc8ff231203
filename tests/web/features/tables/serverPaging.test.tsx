import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TableDefinition } from '../../../../src/features/tables/tableDefinition';
import { jsonResponse, mockApi, type ApiCall } from '../../helpers/mockApi';
import { renderApp } from '../../helpers/renderApp';
import { sessionUser } from '../../helpers/sessionUsers';

const TOTAL = 1_000;

/** A script that pages itself: the rows of the asked range (first page of 10 without one) and the total. */
function pagedAnswer(call: ApiCall): Response {
  const params = new URLSearchParams(call.search);
  const [first, last] = JSON.parse(params.get('range') ?? '[0,9]') as [number, number];
  const search = params.get('search') ?? '';
  const descending = (JSON.parse(params.get('sort') ?? '["timestamp","DESC"]') as string[])[1] === 'DESC';
  const total = search ? 3 : TOTAL;
  const data = Array.from({ length: Math.max(0, Math.min(last, total - 1) - first + 1) }, (_, k) => {
    const n = descending ? total - (first + k) : first + k + 1;
    return { _id: `i${n}`, name: search ? `${search} ${n}` : `Inspection ${n}`, timestamp: n * 1000 };
  });
  const definition: TableDefinition = {
    name: 'Inspections',
    keyField: '_id',
    type: 'inspection',
    fields: [
      { heading: 'Name', dataField: 'name' },
      { heading: 'Time', dataField: 'timestamp' },
    ],
    filters: [],
    data,
    total,
    sort: { timestamp: 'desc' },
  };
  return jsonResponse(200, definition);
}

function openPagedTable() {
  localStorage.setItem('jwt', 'stored-jwt');
  const api = mockApi({
    'GET /api/token/init': () => jsonResponse(200, sessionUser(['view-engineer'])),
    'GET /api/table': () => jsonResponse(200, [{ _id: 'big', name: 'Inspections', type: 'inspection', default: true }]),
    'GET /api/table/big': pagedAnswer,
  });
  renderApp('/home/inspection/table/big');
  return api;
}

const lastCallParams = (api: ReturnType<typeof mockApi>) => new URLSearchParams(api.callsTo('GET', '/api/table/big').at(-1)!.search);

describe('a table whose script pages on the server', () => {
  it('asks the server for each page and shows the total in the pager', async () => {
    const api = openPagedTable();
    expect(await screen.findByText('Inspection 1000')).toBeInTheDocument();
    await waitFor(() => expect(lastCallParams(api).get('range')).toBe('[0,9]'));
    expect(lastCallParams(api).get('sort')).toBe('["timestamp","DESC"]');
    expect(screen.getByText(`1–10 of ${TOTAL}`)).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /next page/i }));
    expect(await screen.findByText('Inspection 990')).toBeInTheDocument();
    expect(lastCallParams(api).get('range')).toBe('[10,19]');
    expect(screen.getByText(`11–20 of ${TOTAL}`)).toBeInTheDocument();
    expect(screen.queryByText('Inspection 1000')).not.toBeInTheDocument();
  });

  it('sends the search text to the script once typing settles, back on the first page', async () => {
    const api = openPagedTable();
    await screen.findByText('Inspection 1000');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /next page/i }));
    await screen.findByText('Inspection 990');
    const before = api.callsTo('GET', '/api/table/big').length;
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'Pump');
    expect(await screen.findByText('Pump 3')).toBeInTheDocument();
    const params = lastCallParams(api);
    expect(params.get('search')).toBe('Pump');
    expect(params.get('range')).toBe('[0,9]');
    // One request for the settled text, not one per keystroke.
    expect(api.callsTo('GET', '/api/table/big').length - before).toBe(1);
    expect(screen.getByText('1–3 of 3')).toBeInTheDocument();
  });

  it('sends the first sort term to the server when a column header is clicked', async () => {
    const api = openPagedTable();
    await screen.findByText('Inspection 1000');
    const user = userEvent.setup();
    // Time descending → off → ascending (the header cycles as in every table).
    await user.click(screen.getByRole('button', { name: 'Time' }));
    await waitFor(() => expect(lastCallParams(api).get('sort')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Time' }));
    await waitFor(() => expect(lastCallParams(api).get('sort')).toBe('["timestamp","ASC"]'));
    expect(await screen.findByText('Inspection 1')).toBeInTheDocument();
    expect(screen.queryByText('Inspection 1000')).not.toBeInTheDocument();
  });
});
