import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RaRecord } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import type { ResourceDefinition } from '../../../src/admin/mechanism/ResourceDefinition';
import { sparePartResource } from '../../../src/admin/spareParts';
import { vendorResource } from '../../../src/admin/vendors';
import { describeResourceScreen, renderResourceScreen, rowWith } from '../helpers/describeResourceScreen';
import { jsonResponse, type ApiCall } from '../helpers/mockApi';
import { serverList } from '../helpers/serverList';

/*
 * The stores' screens (issue 42 §4, docs/spare-parts.md). Labels and messages come from the
 * declarations in common/resources/vendor.ts and sparePart.ts; the chip's words from
 * common/fields/custom/stockLevel.ts's rule (Reorder at or below the reorder level).
 */
const VENDORS = [
  { _id: 'v-nordic', name: 'Nordic Pump Service' },
  { _id: 'v-airflow', name: 'AirFlow Filters Ltd' },
];
const ASSETS = [{ _id: 'a-pump', name: 'Chilled water pump 1' }];
const part = (fields: Record<string, unknown>) => ({ vendor: null, assets: [], quantityOnHand: null, reorderLevel: null, unitCost: null, criticality: '', location: '', notes: '', ...fields });

describeResourceScreen('vendor', vendorResource as ResourceDefinition<RaRecord>, {
  label: 'Vendor',
  headers: ['Vendor', 'Contact name', 'Phone', 'Email', 'Active'],
  create: { Name: 'Hydraulic Spares AB' },
  createdCell: 'Hydraulic Spares AB',
  deleteButton: 'Delete Hydraulic Spares AB',
  edit: { input: 'Contact name', typed: 'Lena Berg', shown: 'Lena Berg' },
  invalid: { input: 'Email', typed: 'orders-at-hydraulic', message: 'Email is not a valid email address' },
  copy: { Name: 'Hydraulic Spares Oy' },
  copiedCell: 'Hydraulic Spares Oy',
});

describeResourceScreen('sparePart', sparePartResource as ResourceDefinition<RaRecord>, {
  label: 'Spare part',
  headers: ['Part number', 'Spare part', 'Vendor', 'Quantity on hand', 'Reorder level', 'Stock', 'Unit cost', 'Criticality', 'Storage location'],
  related: { vendor: VENDORS, asset: ASSETS },
  answers: { '/api/config/choices/choices.sparePart.criticality': ['low', 'medium', 'high'] },
  // New asks every required field: the part number and the name.
  create: { 'Part number': 'HSP-100', Name: 'Gear pump seal kit' },
  createdCell: 'HSP-100',
  // Two fields name a row: no two identical Delete buttons for two parts of one name.
  deleteButton: 'Delete HSP-100 Gear pump seal kit',
  edit: { input: 'Storage location', typed: 'Store D / bin 1', shown: 'Store D / bin 1' },
  invalid: { input: 'Quantity on hand', typed: '-2', message: 'Quantity on hand must be at least 0' },
  // A copy asks them again, empty: the part number must differ.
  copy: { 'Part number': 'HSP-101', Name: 'Gear pump seal kit' },
  copiedCell: 'HSP-101',
});

describe('the spare parts screen', () => {
  /** The fake API of these tests: parts, and the vendors' and assets' names as the server lists them. */
  function serveParts(rows: Record<string, unknown>[], vendors: readonly { _id: string; name: string }[] = VENDORS) {
    const calls: ApiCall[] = [];
    let parts = rows;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const call: ApiCall = { method: (init.method ?? 'GET').toUpperCase(), path: url.pathname, search: url.search, headers: new Headers(init.headers), body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
      calls.push(call);
      if (call.path === '/api/vendor') return serverList('vendor', vendors)(call);
      if (call.path === '/api/asset') return serverList('asset', ASSETS)(call);
      if (call.path === '/api/sparePart') return jsonResponse(200, parts);
      // The plant's own criticality scale, kept in Configuration.
      if (call.path === '/api/config/choices/choices.sparePart.criticality') return jsonResponse(200, ['A', 'B', 'C']);
      const [, , , id, more] = call.path.split('/');
      if (more === 'history') return jsonResponse(200, []);
      if (call.method === 'PUT') {
        const saved = { ...(call.body as object), _id: id };
        parts = parts.map((one) => (one._id === id ? saved : one));
        return jsonResponse(200, saved);
      }
      return jsonResponse(200, parts.find((one) => one._id === id));
    });
    return calls;
  }

  it('shows the stock as a red Reorder chip at or below the reorder level, and names vendors', async () => {
    serveParts([
      part({ _id: 'p1', partNumber: 'NPS-MS-35', name: 'Mechanical seal 35 mm', vendor: 'v-nordic', quantityOnHand: 1, reorderLevel: 3 }),
      part({ _id: 'p2', partNumber: 'AFL-F7-592', name: 'Bag filter F7', vendor: 'v-airflow', quantityOnHand: 6, reorderLevel: 6 }),
      part({ _id: 'p3', partNumber: 'NPS-BRG-6306', name: 'Bearing 6306-2Z', vendor: 'v-nordic', quantityOnHand: 8, reorderLevel: 4 }),
      part({ _id: 'p4', partNumber: 'NEW-1', name: 'Not counted yet' }),
    ]);
    renderResourceScreen(sparePartResource as ResourceDefinition<RaRecord>);
    const chipOf = async (partNumber: string) => within(await rowWith(partNumber)).queryByText(/^(Reorder|In stock)$/)?.closest('.MuiChip-root');
    expect((await chipOf('NPS-MS-35'))?.textContent).toBe('Reorder');
    expect((await chipOf('NPS-MS-35'))?.className).toContain('MuiChip-colorError');
    // Equal counts as at the reorder level.
    expect((await chipOf('AFL-F7-592'))?.className).toContain('MuiChip-colorError');
    expect((await chipOf('NPS-BRG-6306'))?.textContent).toBe('In stock');
    expect((await chipOf('NPS-BRG-6306'))?.className).not.toContain('MuiChip-colorError');
    expect(await chipOf('NEW-1')).toBeFalsy();
    await waitFor(async () => expect(within(await rowWith('NPS-MS-35')).getByRole('cell', { name: 'Nordic Pump Service' })).toBeInTheDocument());
  }, 60_000);

  it("picks a part's vendor by name, searched on the server, names only", async () => {
    // More vendors than the picker's first page (25 by name): the last one is found only by the server's search.
    const many = [...VENDORS, ...Array.from({ length: 30 }, (_, i) => ({ _id: `v-${i}`, name: `Bulk Supplier ${String(i).padStart(2, '0')}` })), { _id: 'v-zephyr', name: 'Zephyr Air Systems' }];
    const calls = serveParts([part({ _id: 'p1', partNumber: 'NPS-MS-35', name: 'Mechanical seal 35 mm', vendor: 'v-nordic', quantityOnHand: 1, reorderLevel: 3 })], many);
    renderResourceScreen(sparePartResource as ResourceDefinition<RaRecord>);
    await userEvent.click(within(await rowWith('NPS-MS-35')).getAllByRole('button')[0] as HTMLElement);
    const vendor = await screen.findByRole('combobox', { name: 'Vendor' });
    await waitFor(() => expect(vendor).toHaveValue('Nordic Pump Service'));
    await userEvent.clear(vendor);
    await userEvent.type(vendor, 'zeph');
    await userEvent.click(await screen.findByRole('option', { name: 'Zephyr Air Systems' }));
    const searches = calls.filter((call) => call.path === '/api/vendor' && new URLSearchParams(call.search).get('filter') === '{"q":"zeph"}');
    expect(searches.length).toBeGreaterThan(0);
    for (const search of searches) expect(new URLSearchParams(search.search).get('fields')).toBe('name');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Spare part updated')).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toMatchObject({ vendor: 'v-zephyr' });
  }, 60_000);

  it("offers the criticality options of the plant's config entry, and keeps a part's option removed since", async () => {
    serveParts([part({ _id: 'p1', partNumber: 'NPS-MS-35', name: 'Mechanical seal 35 mm', criticality: 'high' })]);
    renderResourceScreen(sparePartResource as ResourceDefinition<RaRecord>);
    await userEvent.click(within(await rowWith('NPS-MS-35')).getAllByRole('button')[0] as HTMLElement);
    const criticality = await screen.findByRole('combobox', { name: 'Criticality' });
    await waitFor(async () => {
      await userEvent.click(criticality);
      expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['—', 'A', 'B', 'C', 'high']);
      await userEvent.keyboard('{Escape}');
    });
  }, 60_000);
});
