import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { openAdminScreen } from '../helpers/adminScreen';
import { assets, openAssetScreen } from '../helpers/assetScreen';
import { errorResponse, jsonResponse, type ApiCall } from '../helpers/mockApi';
import { serverList } from '../helpers/serverList';

/*
 * Issue 16 §8: deleting a checklist, attribute or asset that history refers to archives it. The
 * confirmation says so, with how many refer to it; "Show archived" lists archived records with a
 * Restore action.
 */

const pumpWeekly = { _id: 'c1', name: 'Pump weekly', frequency: 'weekly', scripts: [], checklistItems: [], groups: [] };
const ahuMonthly = { _id: 'c3', name: 'AHU monthly check', frequency: 'monthly', scripts: [], checklistItems: [], groups: [], archivedAt: Date.UTC(2025, 2, 4, 9, 30) };

/** GET /api/checklist: the current list, or with ?archived=… the archived ones too or alone. */
const checklistList = (call: ApiCall) => {
  const archived = new URLSearchParams(call.search).get('archived');
  if (archived === 'only') return jsonResponse(200, [ahuMonthly]);
  return jsonResponse(200, archived === 'include' ? [pumpWeekly, ahuMonthly] : [pumpWeekly]);
};

function openChecklists(answers = {}) {
  return openAdminScreen('/home/checklistManagement', ['manage-checklist'], {
    'GET /api/checklist': checklistList,
    'GET /api/asset': () => jsonResponse(200, []),
    'GET /api/attribute': () => jsonResponse(200, []),
    'GET /api/script': () => jsonResponse(200, []),
    ...answers,
  });
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

describe('deleting what history refers to', () => {
  it('asks with the number of inspections and alerts referring to the checklist and what will happen', async () => {
    const api = openChecklists({
      'GET /api/checklist/c1/references': () => jsonResponse(200, { references: { inspection: 68, alert: 3, inspectionSchedule: 0 }, archives: true }),
      'DELETE /api/checklist/c1': () => jsonResponse(200, { _id: 'c1', message: 'Checklist archived', archived: true }),
    });
    await userEvent.click(within(await rowOf('Pump weekly')).getByRole('button', { name: 'Delete Pump weekly' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(
      'Are you sure you want to delete the checklist Pump weekly? 68 inspections and 3 alerts refer to it: it will be archived — hidden from new work, still shown in their history, and can be restored.',
      { exact: true },
    )).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    // Spec §8's notice: the confirmation already said it is archived.
    expect(await screen.findByText('Checklist deleted')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/checklist/c1')).toHaveLength(1);
  });

  it("keeps the spec's asset question as the start of the sentence", async () => {
    const api = openAssetScreen({
      'GET /api/asset/a2/references': () => jsonResponse(200, { references: { inspection: 1, alert: 0, inspectionSchedule: 0 }, archives: true }),
    });
    await userEvent.click(within(await rowOf('Pump B')).getByRole('button', { name: 'Delete Pump B' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(
      'Are you sure you want to delete the asset Pump B? 1 inspection refers to it: it will be archived — hidden from new work, still shown in its history, and can be restored.',
      { exact: true },
    )).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('DELETE', '/api/asset/a2')).toHaveLength(0);
  });

  it('with nothing referring to it, asks the plain question', async () => {
    openChecklists({ 'GET /api/checklist/c1/references': () => jsonResponse(200, { references: { inspection: 0, alert: 0, inspectionSchedule: 0 }, archives: false }) });
    await userEvent.click(within(await rowOf('Pump weekly')).getByRole('button', { name: 'Delete Pump weekly' }));
    expect(within(await screen.findByRole('dialog')).getByText('Are you sure you want to delete the checklist Pump weekly?', { exact: true })).toBeInTheDocument();
  });
});

describe('Show archived', () => {
  it('lists archived checklists with the date they were archived, and Restore brings one back', async () => {
    let restored = false;
    const api = openChecklists({
      'GET /api/checklist': (call: ApiCall) => (restored ? jsonResponse(200, [pumpWeekly, { ...ahuMonthly, archivedAt: null }]) : checklistList(call)),
      'POST /api/checklist/c3/restore': () => {
        restored = true;
        return jsonResponse(200, { ...ahuMonthly, archivedAt: null });
      },
    });
    await rowOf('Pump weekly');
    expect(screen.queryByText('AHU monthly check')).toBeNull();

    await userEvent.click(screen.getByRole('switch', { name: 'Show archived' }));
    const archived = await rowOf('AHU monthly check');
    const listCall = api.callsTo('GET', '/api/checklist').at(-1);
    expect(new URLSearchParams(listCall?.search).get('archived')).toBe('include');
    expect(new URLSearchParams(listCall?.search).get('fields')).toBe('name,frequency,checklistItems,archivedAt');
    expect(screen.getByRole('columnheader', { name: /Archived/ })).toBeInTheDocument();
    expect(within(archived).getByText(new Date(ahuMonthly.archivedAt).getFullYear().toString(), { exact: false })).toBeInTheDocument();
    expect(within(await rowOf('Pump weekly')).queryByRole('button', { name: /Restore/ })).toBeNull();

    await userEvent.click(within(archived).getByRole('button', { name: 'Restore AHU monthly check' }));
    expect(await screen.findByText('Restored successfully')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/checklist/c3/restore')).toHaveLength(1);
    await waitFor(() => expect(within(screen.getByText('AHU monthly check').closest('tr') as HTMLElement).getByRole('button', { name: 'Delete AHU monthly check' })).toBeInTheDocument());
  });

  it("shows the server's reason when a restore is refused", async () => {
    openChecklists({
      'POST /api/checklist/c3/restore': () => errorResponse(409, 'Checklist "AHU monthly check" uses the archived attributes "Belt condition": restore them first'),
    });
    await userEvent.click(await screen.findByRole('switch', { name: 'Show archived' }));
    await userEvent.click(within(await rowOf('AHU monthly check')).getByRole('button', { name: 'Restore AHU monthly check' }));
    expect(await screen.findByText('Checklist "AHU monthly check" uses the archived attributes "Belt condition": restore them first')).toBeInTheDocument();
  });
});

describe('an asset holding an archived checklist', () => {
  it('names it, marked archived, in the Checklists column', async () => {
    openAssetScreen({
      'GET /api/asset': serverList('asset', [{ ...assets[0], checklists: ['c1', 'c3'] }]),
      'GET /api/checklist': (call: ApiCall) =>
        jsonResponse(200, new URLSearchParams(call.search).get('archived') === 'only' ? [{ _id: 'c3', name: 'AHU monthly check', archivedAt: 1 }] : [{ _id: 'c1', name: 'Pump weekly check' }]),
    });
    const row = await rowOf('Pump B');
    // In the order of the names, as every references cell.
    await waitFor(() => expect(within(row).getByText('AHU monthly check (archived), Pump weekly check')).toBeInTheDocument());
  });
});
