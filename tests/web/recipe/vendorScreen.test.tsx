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
import { vendorResource } from '../../fixtures/recipe/vendor.web';

/**
 * The README recipe's web declaration on the generic screen, its calls answered by a small
 * in-memory /api/vendor (the API itself is the generated suite's, tests/api/resources/recipeVendor).
 * Expected words: issue 22's Vendor and spec §8's '<Label> created' pattern.
 */
type Vendor = { _id: string; name: string; phone: string; email: string; notes: string; active: boolean; updatedAt: number };
let vendors: Vendor[] = [];

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeAll(() => {
  let next = 1;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const id = url.pathname.split('/')[3];
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Partial<Vendor>) : {};
    if (!url.pathname.startsWith('/api/vendor')) return json(404, { message: `no ${url.pathname}` });
    if (method === 'GET' && !id) return json(200, vendors);
    if (url.pathname.endsWith('/history')) return json(200, []);
    const found = vendors.find((vendor) => vendor._id === id);
    if (method === 'POST') {
      const created = { phone: '', email: '', notes: '', active: true, ...body, _id: `v${next++}`, updatedAt: Date.now() } as Vendor;
      vendors = [...vendors, created];
      return json(200, created);
    }
    if (!found) return json(404, { message: 'Vendor not found' });
    if (method === 'GET') return json(200, found);
    if (method === 'PUT') {
      const saved = { ...found, ...body, _id: found._id, updatedAt: found.updatedAt + 1 };
      vendors = vendors.map((vendor) => (vendor._id === found._id ? saved : vendor));
      return json(200, saved);
    }
    vendors = vendors.filter((vendor) => vendor._id !== found._id);
    return json(200, { _id: found._id, message: 'Vendor deleted' });
  });
});
afterAll(() => vi.unstubAllGlobals());

function openVendors() {
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} store={memoryStore()} theme={appTheme}>
      <DialogsProvider>
        <ResourceAdminPage definition={vendorResource} />
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

describe('the README recipe: Vendor', () => {
  it('lists with the derived title and columns, creates, edits inline, copies and deletes with the derived notices', async () => {
    openVendors();
    expect(await screen.findByRole('heading', { name: 'Vendor management' })).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    for (const label of ['Vendor', 'Phone', 'Email', 'Notes', 'Active', 'Actions']) expect(headers).toContain(label);

    await prompt('New Vendor', 'Acme Pumps');
    expect(await screen.findByText('Vendor created')).toBeInTheDocument();
    const created = await rowOf('Acme Pumps');
    expect(within(created).getByRole('cell', { name: 'Yes' })).toBeInTheDocument();

    await userEvent.click(within(created).getAllByRole('button')[0] as HTMLElement);
    const phone = await screen.findByRole('textbox', { name: 'Phone' });
    await userEvent.type(phone, '+41 44 000 00 00');
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).toHaveAttribute('inputmode', 'email');
    expect(email).not.toHaveAttribute('type', 'email');
    await userEvent.type(email, 'not an address');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Email is not a valid email address')).toBeInTheDocument();
    await userEvent.clear(email);
    await userEvent.type(email, 'orders@acme.example');
    await userEvent.click(screen.getByRole('switch', { name: 'Active' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Vendor updated')).toBeInTheDocument();
    await waitFor(async () => expect(within(await rowOf('Acme Pumps')).getByRole('cell', { name: '+41 44 000 00 00' })).toBeInTheDocument());
    expect(within(await rowOf('Acme Pumps')).getByRole('cell', { name: 'No' })).toBeInTheDocument();

    await userEvent.click(within(await rowOf('Acme Pumps')).getByRole('checkbox'));
    await prompt('Copy Vendor', 'Acme Valves');
    expect(await screen.findByText('Vendor copied')).toBeInTheDocument();
    expect(within(await rowOf('Acme Valves')).getByRole('cell', { name: 'orders@acme.example' })).toBeInTheDocument();

    await userEvent.click(within(await rowOf('Acme Pumps')).getByRole('button', { name: 'Delete Acme Pumps' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete this item?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Vendor deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Acme Pumps' })).toBeNull());
    expect(vendors.map((vendor) => [vendor.name, vendor.phone, vendor.email, vendor.active])).toEqual([['Acme Valves', '+41 44 000 00 00', 'orders@acme.example', false]]);
  }, 60_000);
});
