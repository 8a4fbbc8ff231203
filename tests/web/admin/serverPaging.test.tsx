import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { openAssetScreen } from '../helpers/assetScreen';
import { openAdminScreen } from '../helpers/adminScreen';
import { jsonResponse, type ApiCall } from '../helpers/mockApi';
import { serverList } from '../helpers/serverList';

/**
 * Issue 22: Assets and User management declare `serverPaging`: the table asks the server for one
 * page (never every row), shows the total and page controls, and sorts and searches through the
 * server. The 23 assets below are "Asset 01" … "Asset 23"; odd ones carry PMP identifications.
 */
const two = (n: number) => String(n).padStart(2, '0');
const manyAssets = Array.from({ length: 23 }, (_, i) => ({
  _id: `m${two(i + 1)}`,
  name: `Asset ${two(i + 1)}`,
  identification: (i + 1) % 2 ? `PMP-${two(i + 1)}` : `AHU-${two(i + 1)}`,
  tags: [],
  checklists: [],
}));

const listCalls = (api: { callsTo: (method: string, path: string) => ApiCall[] }) => api.callsTo('GET', '/api/asset').map((call) => Object.fromEntries(new URLSearchParams(call.search)));
const lastListCall = (api: Parameters<typeof listCalls>[0]) => listCalls(api).at(-1) ?? {};
const shownNames = () => screen.getAllByRole('row').slice(1).map((row) => within(row).queryAllByRole('cell')[2]?.textContent);
const firstRow = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

function openManyAssets() {
  return openAssetScreen({ 'GET /api/asset': serverList('asset', manyAssets) });
}

describe('a server-paged administration list (Assets)', () => {
  it('asks for the first page sorted by name, shows it with the total, never asking for every row', async () => {
    const api = openManyAssets();
    await firstRow('Asset 01');
    expect(shownNames()).toEqual(['Asset 01', 'Asset 02', 'Asset 03', 'Asset 04', 'Asset 05', 'Asset 06', 'Asset 07', 'Asset 08', 'Asset 09', 'Asset 10']);
    expect(screen.getByText('1–10 of 23')).toBeInTheDocument();
    expect(lastListCall(api)).toEqual({ fields: 'name,identification,tags,checklists', range: '[0,9]', sort: '[["name","ASC"]]' });
    // Every list call of the screen asked for a page.
    expect(listCalls(api).every((params) => params.range === '[0,9]')).toBe(true);
  });

  it('changes page and rows per page through the server, without an "All" choice', async () => {
    const api = openManyAssets();
    await firstRow('Asset 01');
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await firstRow('Asset 11');
    expect(lastListCall(api).range).toBe('[10,19]');
    expect(shownNames()[0]).toBe('Asset 11');
    expect(screen.getByText('11–20 of 23')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await firstRow('Asset 23');
    expect(shownNames()).toEqual(['Asset 21', 'Asset 22', 'Asset 23']);
    expect(lastListCall(api).range).toBe('[20,29]');

    await userEvent.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['10', '25', '50', '100']);
    await userEvent.click(screen.getByRole('option', { name: '25' }));
    await waitFor(() => expect(screen.getByText('1–23 of 23')).toBeInTheDocument());
    expect(lastListCall(api).range).toBe('[0,24]');
  });

  it('sorts by several columns on the server and starts again at the first page', async () => {
    const api = openManyAssets();
    await firstRow('Asset 01');
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await firstRow('Asset 11');
    await userEvent.click(screen.getByRole('button', { name: /^Identification/ }));
    await waitFor(() => expect(lastListCall(api).sort).toBe('[["name","ASC"],["identification","ASC"]]'));
    expect(lastListCall(api).range).toBe('[0,9]');
    // Name first: still Asset 01 … 10.
    await firstRow('Asset 01');
    // Name out, identification alone: AHU-02 … AHU-20 come first.
    await userEvent.click(screen.getByRole('button', { name: /^Asset/ }));
    await userEvent.click(screen.getByRole('button', { name: /^Asset/ }));
    await waitFor(() => expect(lastListCall(api).sort).toBe('[["identification","ASC"]]'));
    await waitFor(() => expect(shownNames()).toEqual(['Asset 02', 'Asset 04', 'Asset 06', 'Asset 08', 'Asset 10', 'Asset 12', 'Asset 14', 'Asset 16', 'Asset 18', 'Asset 20']));
  });

  it('searches on the server once typing pauses, with the matches counted', async () => {
    const api = openManyAssets();
    await firstRow('Asset 01');
    const before = listCalls(api).length;
    // Keys typed with no pause between them (no timer can run between two keys): however slow the
    // machine, the search's pause comes only after the word, as when a person types it quickly.
    await userEvent.setup({ delay: null }).type(screen.getByRole('textbox', { name: 'Search' }), 'pmp-1');
    await waitFor(() => expect(screen.getByText('1–5 of 5')).toBeInTheDocument());
    expect(shownNames()).toEqual(['Asset 11', 'Asset 13', 'Asset 15', 'Asset 17', 'Asset 19']);
    // One call for the word, not one per key.
    expect(listCalls(api).slice(before)).toEqual([{ fields: 'name,identification,tags,checklists', range: '[0,9]', sort: '[["name","ASC"]]', filter: '{"q":"pmp-1"}' }]);
  });

  it('keeps a row selected on another page: Copy Asset copies it', async () => {
    const api = openAssetScreen({
      'GET /api/asset': serverList('asset', manyAssets),
      'GET /api/asset/m03': () => jsonResponse(200, { ...manyAssets[2], staticAttributes: [], checklistOptions: [], message: '' }),
    });
    await userEvent.click(within(await firstRow('Asset 03')).getByRole('checkbox', { name: 'Select this row' }));
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await firstRow('Asset 11');
    await userEvent.click(screen.getByRole('button', { name: 'Copy Asset' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy Asset' });
    expect(await within(dialog).findByRole('textbox', { name: 'Name' })).toHaveValue('Asset 03');
    expect(api.callsTo('GET', '/api/asset/m03')).toHaveLength(1);
  });

  it('shows the new last page when a deletion empties the last one', async () => {
    const stored = manyAssets.slice(0, 21).map((asset) => ({ ...asset }));
    openAssetScreen({
      'GET /api/asset': serverList('asset', stored),
      'GET /api/asset/m21/references': () => jsonResponse(200, { references: { inspection: 0, alert: 0, inspectionSchedule: 0 }, archives: false }),
      'DELETE /api/asset/m21': () => {
        stored.splice(20, 1);
        return jsonResponse(200, { message: 'Asset deleted' });
      },
    });
    await firstRow('Asset 01');
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await firstRow('Asset 11');
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await userEvent.click(within(await firstRow('Asset 21')).getByRole('button', { name: 'Delete Asset 21' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Asset deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('11–20 of 20')).toBeInTheDocument());
    expect(shownNames()).toEqual(['Asset 11', 'Asset 12', 'Asset 13', 'Asset 14', 'Asset 15', 'Asset 16', 'Asset 17', 'Asset 18', 'Asset 19', 'Asset 20']);
  });

  it('lists archived assets too, with Restore, when "Show archived" is on', async () => {
    const current = serverList('asset', manyAssets);
    const withArchived = serverList('asset', [...manyAssets, { _id: 'old', name: 'Asset 00 old', identification: '', tags: [], checklists: [], archivedAt: 1_700_000_000_000 }]);
    const api = openAssetScreen({
      'GET /api/asset': (call: ApiCall) => (new URLSearchParams(call.search).get('archived') === 'include' ? withArchived(call) : current(call)),
    });
    await firstRow('Asset 01');
    await userEvent.click(screen.getByRole('switch', { name: 'Show archived' }));
    const archived = await firstRow('Asset 00 old');
    expect(within(archived).getByRole('button', { name: 'Restore Asset 00 old' })).toBeInTheDocument();
    expect(screen.getByText('1–10 of 24')).toBeInTheDocument();
    expect(lastListCall(api)).toMatchObject({ archived: 'include', range: '[0,9]', fields: 'name,identification,tags,checklists,archivedAt' });
  });

  it('sorts the Checklists column by the names it shows, through the server', async () => {
    const api = openAssetScreen();
    await firstRow('Pump B');
    await userEvent.click(screen.getByRole('button', { name: /^Checklists/ }));
    await waitFor(() => expect(lastListCall(api).sort).toBe('[["name","ASC"],["checklists","ASC"]]'));
    await userEvent.click(screen.getByRole('button', { name: /^Asset/ }));
    await userEvent.click(screen.getByRole('button', { name: /^Asset/ }));
    // 'AHU monthly, Pump weekly check' < 'Pump weekly check' < none (spec fixtures: Air handler, Pump B, Boiler).
    await waitFor(() => expect(shownNames()).toEqual(['Air handler', 'Pump B', 'Boiler']));
  });
});

describe('a server-paged administration list (Users)', () => {
  const users = [
    { _id: 'u1', name: 'Ann Admin', username: 'ann', role: null, status: 'active', customAttributes: {} },
    { _id: 'u2', name: 'Bob Builder', username: 'bob', role: null, status: 'active', customAttributes: {} },
  ];

  it("has a column for every custom attribute users hold, also those no user of the page holds, sorted on the server by that attribute", async () => {
    const api = openAdminScreen('/home/userManagement', ['manage-user'], {
      'GET /api/user': serverList('user', users),
      'GET /api/user/customAttributeNames': () => jsonResponse(200, ['site']),
      'GET /api/role': () => jsonResponse(200, []),
      'GET /api/permission': () => jsonResponse(200, []),
      'GET /api/dashboard': () => jsonResponse(200, []),
    });
    await firstRow('Ann Admin');
    await waitFor(() => expect(screen.getByRole('button', { name: /^site/ })).toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: /^site/ }));
    await waitFor(() => expect(new URLSearchParams(api.callsTo('GET', '/api/user').at(-1)?.search).get('sort')).toBe('[["name","ASC"],["customAttributes.site","ASC"]]'));
    expect(new URLSearchParams(api.callsTo('GET', '/api/user').at(-1)?.search).get('range')).toBe('[0,9]');
  });
});
