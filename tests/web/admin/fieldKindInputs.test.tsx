import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import InventoryIcon from '@mui/icons-material/Inventory';
import { AdminContext, memoryStore } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppNotification } from '../../../src/shared/ui/AppNotification';
import { DialogsProvider } from '../../../src/shared/ui/dialogs/DialogsProvider';
import { dataProvider } from '../../../src/platform/dataProvider';
import { i18nProvider } from '../../../src/platform/i18n';
import { declareResource } from '../../../src/admin/mechanism/declareResource';
import { ResourceAdminPage } from '../../../src/admin/mechanism/ResourceAdminPage';
import { appTheme } from '../../../src/theme';
import { stockItemSchema } from '../../fixtures/fieldKinds/stockItem';

/** The derived screen of a declaration using the number and choice kinds (DESIGN §15), its calls answered in memory. */
const stockItemScreen = declareResource({ name: 'stockItem', label: 'Stock item', schema: stockItemSchema, icon: InventoryIcon, permission: 'manage-stockItem', labelField: ['partNumber', 'name'], copy: true });

// Rich text as a record holds it (the server stores it sanitised; the cell must not draw it even when it is not).
const NOTES = '<p>Check the <b>seal</b></p><img src="x" onerror="alert(1)">';
const bearing = { _id: 's1', name: 'Bearing', partNumber: 'B-6204', quantity: 2, reorderLevel: 5, unitCost: 12.5, rating: null, criticality: 'low', trades: [], website: '', phone: '', colour: '', warrantyEnds: '2026-12-31', arrivedAt: null, tags: [], contactEmail: '', notes: NOTES, updatedAt: 1 };
const impellers = ['P-100', 'P-101'].map((partNumber, i) => ({ ...bearing, _id: `i${i}`, name: 'Impeller', partNumber }));
const sent: Record<string, unknown>[] = [];
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    if (!url.pathname.startsWith('/api/stockItem')) return json(404, { message: `no ${url.pathname}` });
    if (url.pathname.endsWith('/history')) return json(200, []);
    if (method === 'GET') return json(200, url.pathname === '/api/stockItem' ? [bearing, ...impellers] : bearing);
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    sent.push(body);
    return json(200, { ...bearing, ...body, updatedAt: 2 });
  });
});
afterEach(() => vi.unstubAllGlobals());

function openStockItems() {
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} store={memoryStore()} theme={appTheme}>
      <DialogsProvider>
        <ResourceAdminPage definition={stockItemScreen} />
      </DialogsProvider>
      <AppNotification />
    </AdminContext>,
  );
}

describe('the inputs and cells of field kinds', () => {
  it('shows numbers with their unit, edits them on the number pad with no native limits, and says what is wrong in the field’s label', async () => {
    sent.length = 0;
    openStockItems();
    const row = (await screen.findByRole('cell', { name: 'Bearing' })).closest('tr') as HTMLElement;
    expect(within(row).getByRole('cell', { name: '12.50 EUR' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: '2026/12/31' })).toBeInTheDocument();

    await userEvent.click(within(row).getAllByRole('button')[0] as HTMLElement);
    const quantity = await screen.findByRole('textbox', { name: 'Quantity on hand' });
    expect(quantity).toHaveAttribute('inputmode', 'numeric');
    expect(quantity).not.toHaveAttribute('min');
    expect(quantity).not.toHaveAttribute('type', 'number');
    expect(screen.getByRole('textbox', { name: 'Unit cost' })).toHaveAttribute('inputmode', 'decimal');
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveAttribute('inputmode', 'tel');

    await userEvent.clear(quantity);
    await userEvent.type(quantity, 'a few');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Quantity on hand must be a whole number')).toBeInTheDocument();
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '-3');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Quantity on hand must be at least 0')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await userEvent.clear(quantity);
    await userEvent.type(quantity, '7');
    const cost = screen.getByRole('textbox', { name: 'Unit cost' });
    await userEvent.clear(cost);
    await userEvent.type(cost, '13,75');
    await userEvent.click(screen.getByRole('combobox', { name: 'Criticality' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['—', 'low', 'medium', 'high']);
    await userEvent.click(screen.getByRole('option', { name: 'high' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ quantity: 7, unitCost: 13.75, criticality: 'high' });
  });

  it('asks every required field in New, not the name alone, and names each record by its label fields', async () => {
    sent.length = 0;
    openStockItems();
    await screen.findByRole('cell', { name: 'Bearing' });
    // Two parts named Impeller: each Delete says which.
    expect(screen.getByRole('button', { name: 'Delete P-100 Impeller' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete P-101 Impeller' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'New Stock item' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Stock item' });
    expect(within(dialog).getAllByRole('textbox').map((input) => input.getAttribute('name'))).toEqual(['name', 'partNumber']);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Impeller');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Part number is required')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Part number' }), 'P-102');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ name: 'Impeller', partNumber: 'P-102', quantity: null });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Copy: the same dialog, with the source's fields but its name.
    await userEvent.click(within((await screen.findByRole('cell', { name: 'Bearing' })).closest('tr') as HTMLElement).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Copy Stock item' }));
    const copying = await screen.findByRole('dialog', { name: 'Copy Stock item' });
    expect(await within(copying).findByRole('textbox', { name: 'Part number' })).toHaveValue('B-6204');
    expect(within(copying).getByRole('textbox', { name: 'Name' })).toHaveValue('');
  });

  it('shows rich text in a cell as its text, never as HTML, and edits it as source beside its sanitised rendering', async () => {
    openStockItems();
    const row = (await screen.findByRole('cell', { name: 'Bearing' })).closest('tr') as HTMLElement;
    const notes = within(row).getByRole('cell', { name: 'Check the seal' });
    expect(notes.querySelector('b, img, p')).toBeNull();
    expect(notes.textContent).toBe('Check the seal');

    await userEvent.click(within(row).getAllByRole('button')[0] as HTMLElement);
    expect(await screen.findByRole('textbox', { name: 'Notes' })).toHaveValue(NOTES);
    const preview = screen.getByRole('region', { name: 'Notes: preview' });
    expect(preview.querySelector('b')?.textContent).toBe('seal');
    expect(preview.querySelector('[onerror]')).toBeNull();
  });
});
