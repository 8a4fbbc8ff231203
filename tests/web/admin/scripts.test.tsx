import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse, type ApiCall } from '../helpers/mockApi';
import { openAdminScreen } from '../helpers/adminScreen';
import { replaceCode } from '../helpers/codeEditor';

const scripts = [
  { _id: 's-200', name: 'Overdue inspections' },
  { _id: 's-100', name: 'Asset table rows' },
];
const overdue = { ...scripts[0], description: 'Rows for the overdue table', code: 'return rows.filter((r) => r.overdue);', createdAt: 1, updatedAt: 2 };

function open(answers = {}) {
  return openAdminScreen('/home/scriptManagement', ['manage-script'], {
    'GET /api/script': () => jsonResponse(200, scripts),
    'GET /api/script/s-200': () => jsonResponse(200, overdue),
    'GET /api/script/s-200/history': () => jsonResponse(200, []),
    ...answers,
  });
}

// The first screen of a file waits for the lazily loaded engineer area, slow on a busy machine.
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

describe('Script management (spec §2.9: scripts by _id and name)', () => {
  it('lists _id and name sorted by name, reading only the names', async () => {
    const api = open();
    await rowOf('Overdue inspections');
    const cells = screen.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').slice(1, 3).map((cell) => cell.textContent));
    expect(cells).toEqual([['s-100', 'Asset table rows'], ['s-200', 'Overdue inspections']]);
    expect(api.callsTo('GET', '/api/script')[0]?.search).toBe('?fields=name');
  });

  it("creates from the New Script prompt with 'Script created', or says 'Script creation failed'", async () => {
    let refuse = false;
    const api = open({
      'POST /api/script': (call: ApiCall) => (refuse ? errorResponse(409, 'Script with the name "x" already exists') : jsonResponse(200, { _id: 's-300', ...(call.body as object) })),
    });
    await rowOf('Overdue inspections');
    await userEvent.click(screen.getByRole('button', { name: 'New Script' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Weekly report');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Script created')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/script').map((c) => c.body)).toEqual([{ name: 'Weekly report' }]);

    refuse = true;
    await userEvent.click(screen.getByRole('button', { name: 'New Script' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Script creation failed')).toBeInTheDocument();
  });

  it("edits name, description and code (in the code editor) inline and saves with 'Script updated'", async () => {
    const api = open({ 'PUT /api/script/s-200': (call: ApiCall) => jsonResponse(200, { ...overdue, ...(call.body as object), updatedAt: 3 }) });
    await userEvent.click(within(await rowOf('Overdue inspections')).getByRole('button', { name: 'Expand' }));
    const code = await screen.findByRole('textbox', { name: 'Code' });
    expect(code).toHaveTextContent('return rows.filter((r) => r.overdue);');
    replaceCode('return null;');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Description' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Script updated')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/script/s-200')[0]?.body).toEqual({ name: 'Overdue inspections', description: '', code: 'return null;' });
  });

  it("says 'Script deletion failed' when a table still uses the script, 'Script deleted' otherwise", async () => {
    open({
      'DELETE /api/script/s-200': () => errorResponse(409, 'Script "Overdue inspections" is used by table Overdue'),
      'DELETE /api/script/s-100': () => jsonResponse(200, { _id: 's-100' }),
    });
    await userEvent.click(within(await rowOf('Overdue inspections')).getByRole('button', { name: 'Delete Overdue inspections' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    const failure = await screen.findByRole('dialog', { name: 'Script deletion failed' });
    expect(failure).toHaveTextContent('Script "Overdue inspections" is used by table Overdue');
    await userEvent.click(within(failure).getByRole('button', { name: 'Close' }));
    await userEvent.click(within(await rowOf('Asset table rows')).getByRole('button', { name: 'Delete Asset table rows' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Script deleted')).toBeInTheDocument();
  });
});
