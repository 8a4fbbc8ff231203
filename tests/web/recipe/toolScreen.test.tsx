import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore } from 'react-admin';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppNotification } from '../../../src/shared/ui/AppNotification';
import { DialogsProvider } from '../../../src/shared/ui/dialogs/DialogsProvider';
import { dataProvider } from '../../../src/platform/dataProvider';
import { i18nProvider } from '../../../src/platform/i18n';
import { ResourceAdminPage } from '../../../src/admin/mechanism/ResourceAdminPage';
import { appTheme } from '../../../src/theme';
import { toolResource } from '../../fixtures/recipe/tool.web';
import { findDateField, typeDate } from '../helpers/dateInput';

/**
 * The README recipe's web declaration on the generic screen, its calls answered by a small
 * in-memory /api/tool (the API itself is the generated suite's, tests/api/resources/recipeTool).
 * Expected words: the Tool's field declarations (tests/fixtures/recipe/tool.common.ts) and spec
 * §8's '<Label> created' pattern.
 */
type Tool = { _id: string; name: string; serialNumber: string; calibrationDue: string | null; quantity: number | null; condition: string; notes: string; updatedAt: number };
let tools: Tool[] = [];

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeAll(() => {
  let next = 1;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const id = url.pathname.split('/')[3];
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Partial<Tool>) : {};
    if (!url.pathname.startsWith('/api/tool')) return json(404, { message: `no ${url.pathname}` });
    if (method === 'GET' && !id) return json(200, tools);
    if (url.pathname.endsWith('/history')) return json(200, []);
    const found = tools.find((tool) => tool._id === id);
    if (method === 'POST') {
      const created = { serialNumber: '', calibrationDue: null, quantity: null, condition: '', notes: '', ...body, _id: `t${next++}`, updatedAt: Date.now() } as Tool;
      tools = [...tools, created];
      return json(200, created);
    }
    if (!found) return json(404, { message: 'Tool not found' });
    if (method === 'GET') return json(200, found);
    if (method === 'PUT') {
      const saved = { ...found, ...body, _id: found._id, updatedAt: found.updatedAt + 1 };
      tools = tools.map((tool) => (tool._id === found._id ? saved : tool));
      return json(200, saved);
    }
    tools = tools.filter((tool) => tool._id !== found._id);
    return json(200, { _id: found._id, message: 'Tool deleted' });
  });
});
afterAll(() => vi.unstubAllGlobals());

function openTools() {
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} store={memoryStore()} theme={appTheme}>
      <DialogsProvider>
        <ResourceAdminPage definition={toolResource} />
      </DialogsProvider>
      <AppNotification />
    </AdminContext>,
  );
}

const rowOf = async (name: string) => (await screen.findByRole('cell', { name })).closest('tr') as HTMLElement;

async function prompt(button: string, name: string) {
  await userEvent.click(screen.getByRole('button', { name: button }));
  await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), name);
  await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
}

describe('the README recipe: Tool', () => {
  it('lists with the derived title and columns, creates, edits inline, copies and deletes with the derived notices', async () => {
    openTools();
    expect(await screen.findByRole('heading', { name: 'Tool management' })).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    for (const label of ['Tool', 'Serial number', 'Calibration due', 'Quantity', 'Condition', 'Notes', 'Actions']) expect(headers).toContain(label);

    await prompt('New Tool', 'Torque wrench');
    expect(await screen.findByText('Tool created')).toBeInTheDocument();
    const created = await rowOf('Torque wrench');

    await userEvent.click(within(created).getAllByRole('button')[0] as HTMLElement);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Serial number' }), 'TW-2231');
    // field.integer('Quantity', { min: 0 }): typed in a text field with the phone's number pad, no native limits.
    const quantity = screen.getByRole('textbox', { name: 'Quantity' });
    expect(quantity).toHaveAttribute('inputmode', 'numeric');
    expect(quantity).not.toHaveAttribute('type', 'number');
    expect(quantity).not.toHaveAttribute('min');
    await userEvent.type(quantity, 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Quantity must be a whole number')).toBeInTheDocument();
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '2');
    // field.choice('Condition', ['good', 'worn', 'damaged']): a select of its options, after none ('—').
    await userEvent.click(screen.getByRole('combobox', { name: 'Condition' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['—', 'good', 'worn', 'damaged']);
    await userEvent.click(screen.getByRole('option', { name: 'worn' }));
    // field.date('Calibration due'): a date picker.
    await typeDate(await findDateField('Calibration due'), '2026-09-30');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Tool updated')).toBeInTheDocument();
    await waitFor(async () => expect(within(await rowOf('Torque wrench')).getByRole('cell', { name: 'TW-2231' })).toBeInTheDocument());
    const edited = await rowOf('Torque wrench');
    for (const shown of ['2', 'worn', '2026/09/30']) expect(within(edited).getByRole('cell', { name: shown })).toBeInTheDocument();

    await userEvent.click(within(edited).getByRole('checkbox'));
    await prompt('Copy Tool', 'Torque wrench (spare)');
    expect(await screen.findByText('Tool copied')).toBeInTheDocument();
    expect(within(await rowOf('Torque wrench (spare)')).getByRole('cell', { name: 'TW-2231' })).toBeInTheDocument();

    await userEvent.click(within(await rowOf('Torque wrench')).getByRole('button', { name: 'Delete Torque wrench' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete this item?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Tool deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Torque wrench' })).toBeNull());
    expect(tools.map((tool) => [tool.name, tool.serialNumber, tool.calibrationDue, tool.quantity, tool.condition])).toEqual([['Torque wrench (spare)', 'TW-2231', '2026-09-30', 2, 'worn']]);
  }, 60_000);
});
