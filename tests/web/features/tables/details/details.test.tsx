import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TableDefinition } from '../../../../../src/features/tables/tableDefinition';
import { formatTimestamp } from '../../../../../common/formatTime';
import { jsonResponse, mockApi, type ApiCall } from '../../../helpers/mockApi';
import { renderApp } from '../../../helpers/renderApp';
import { sessionUser } from '../../../helpers/sessionUsers';
import { fakeSockets as sockets } from '../../../platform/realtime/fakeSocket';

const AT = new Date(2026, 2, 4, 9, 5).getTime();
const ENGINEER = ['view-engineer', 'read-alert', 'resolve-alert', 'read-inspection', 'read-asset'];

function tableOf(type: 'alert' | 'inspection' | 'asset', data: Record<string, unknown>[]): TableDefinition {
  return { name: `${type}s`, keyField: '_id', type, fields: [{ heading: 'Name', dataField: 'label' }], filters: [], data, setSupportRowExpand: true };
}

const alertOf = (id: string, message: string, resolvedAt: number | null = null) => ({
  _id: id, inspection: 'i1', asset: 'as1', checklist: 'c1', attribute: 'at1', level: 'l1', levelName: 'High', message,
  timestamp: AT, severityLevel: { text: 'High', color: '#f57c00' }, type: null, remark: null, resolvedBy: null, resolvedAt,
});

const inspection = (comments: { attribute: string; value: string }[] = []) => ({
  _id: 'i1', timestamp: AT, user: 'u1', checklist: 'c1', asset: 'as1', type: 'MaintenanceInspection',
  assetName: 'Pump 7', checklistName: 'Weekly pump check', userName: 'Tom Technician',
  attributeData: [
    { attribute: 'at1', value: 92 },
    { attribute: 'at2', value: '<b>Bearing</b> noisy<img src=x onerror="window.hacked=1"><script>window.hacked=2</script>' },
    { attribute: 'at3', value: 'file1' },
  ],
  attributeComments: comments,
  attributes: [
    { _id: 'at1', name: 'Temperature', type: 'number', description: null },
    { _id: 'at2', name: 'Notes', type: 'html', description: null },
    { _id: 'at3', name: 'Photo', type: 'image', description: null },
  ],
});

async function openAndExpand(type: 'alert' | 'inspection' | 'asset', answers: Record<string, (call: ApiCall) => Response>, permissions = ENGINEER) {
  localStorage.clear();
  localStorage.setItem('jwt', 'stored-jwt');
  sockets.length = 0;
  const api = mockApi({
    'GET /api/token/init': () => jsonResponse(200, sessionUser(permissions)),
    'GET /api/table': () => jsonResponse(200, [{ _id: 't1', name: `${type}s`, type, default: true }]),
    'GET /api/table/t1': () => jsonResponse(200, tableOf(type, [{ _id: 'r1', label: 'First row' }])),
    'GET /api/file/file1': () => new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { status: 200, headers: { 'content-type': 'image/png' } }),
    'GET /api/file/file1/thumbnail': () => new Response(new Uint8Array([0x52, 0x49, 0x46, 0x46]), { status: 200, headers: { 'content-type': 'image/webp' } }),
    ...answers,
  });
  renderApp(`/home/${type}/table/t1`);
  const user = userEvent.setup();
  const row = (await screen.findByText('First row')).closest('tr')!;
  await user.click(within(row).getByRole('button', { name: 'Expand' }));
  return { api, user };
}

describe('row details by table type (spec §2.5)', () => {
  it('an alert row shows its checklist, inspector, time and the attribute/value table', async () => {
    const { api } = await openAndExpand('alert', {
      'GET /api/alert/r1': () =>
        jsonResponse(200, {
          ...alertOf('r1', 'Too hot'), checklistName: 'Weekly pump check', inspectedBy: 'Tom Technician',
          attributeData: [{ attribute: 'at1', name: 'Temperature', type: 'number', value: 92 }, { attribute: 'at4', name: 'Read at', type: 'date-time', value: AT }],
        }),
    });
    expect(await screen.findByText('Weekly pump check')).toBeInTheDocument();
    expect(screen.getByText('Tom Technician')).toBeInTheDocument();
    expect(screen.getAllByText(formatTimestamp(AT)).length).toBe(2);
    const temperature = screen.getByText('Temperature').closest('tr')!;
    expect(within(temperature).getByText('92')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/alert/r1')).toHaveLength(1);
  });

  it('a resolved alert row also shows its remark, who resolved it and when (YYYY/MM/DD hh:mm A)', async () => {
    const RESOLVED = new Date(2026, 2, 5, 14, 30).getTime();
    await openAndExpand('alert', {
      'GET /api/alert/r1': () =>
        jsonResponse(200, {
          ...alertOf('r1', 'Too hot', RESOLVED), remark: 'Bearing replaced, vibration back to 2.1', resolvedBy: 'u2', resolvedByName: 'Eric Engineer',
          checklistName: 'Weekly pump check', inspectedBy: 'Tom Technician', attributeData: [],
        }),
    });
    const fact = async (label: string) => (await screen.findByText(label, { selector: 'dt' })).nextElementSibling;
    expect(await fact('Remark')).toHaveTextContent('Bearing replaced, vibration back to 2.1');
    expect(await fact('Resolved by')).toHaveTextContent('Eric Engineer');
    expect(await fact('Resolved at')).toHaveTextContent('2026/03/05 02:30 PM');
  });

  it('an open alert row shows no resolution', async () => {
    await openAndExpand('alert', {
      'GET /api/alert/r1': () => jsonResponse(200, { ...alertOf('r1', 'Too hot'), checklistName: 'Weekly pump check', inspectedBy: 'Tom Technician', attributeData: [] }),
    });
    await screen.findByText('Weekly pump check');
    expect(screen.queryByText('Remark', { selector: 'dt' })).toBeNull();
    expect(screen.queryByText('Resolved by', { selector: 'dt' })).toBeNull();
  });

  it("the inspection's Alerts table names who resolved each alert, beside the remark", async () => {
    const RESOLVED = new Date(2026, 2, 5, 14, 30).getTime();
    await openAndExpand('inspection', {
      'GET /api/inspection/r1': () => jsonResponse(200, inspection()),
      'GET /api/inspection/r1/alert': () =>
        jsonResponse(200, [{ ...alertOf('al1', 'Too hot', RESOLVED), remark: 'Seal replaced', resolvedBy: 'u2', resolvedByName: 'Eric Engineer' }]),
    });
    const row = (await screen.findByText('Too hot')).closest('tr')!;
    const table = row.closest('table')!;
    const headings = within(table).getAllByRole('columnheader').map((cell) => cell.textContent);
    const cells = within(row).getAllByRole('cell').map((cell) => cell.textContent);
    const offset = cells.length - headings.length;
    expect(cells[headings.indexOf('Resolved by') + offset]).toBe('Eric Engineer');
    expect(cells[headings.indexOf('Remark') + offset]).toBe('Seal replaced');
    expect(cells[headings.indexOf('Resolved') + offset]).toBe('2026/03/05 02:30 PM');
  });

  it('an inspection row shows sanitised HTML values, images and Comment only when there are comments', async () => {
    await openAndExpand('inspection', { 'GET /api/inspection/r1': () => jsonResponse(200, inspection()), 'GET /api/inspection/r1/alert': () => jsonResponse(200, []) });
    const notes = (await screen.findByText('Bearing')).closest('td')!;
    expect(notes.querySelector('b')).not.toBeNull();
    expect(notes.querySelector('script')).toBeNull();
    expect(notes.querySelector('img')?.getAttribute('onerror')).toBeFalsy();
    expect(screen.queryByRole('columnheader', { name: 'Comment' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Open the image Photo' })).toBeInTheDocument();
  });

  it("shows an image value small from the server's thumbnail, and the file itself in the viewer (issue 39 §3)", async () => {
    const { createObjectURL, revokeObjectURL } = URL;
    // Object URLs named by the type of what was fetched: the thumbnail is WebP, the file a PNG.
    URL.createObjectURL = (object: Blob | MediaSource) => `blob:${'type' in object ? object.type : 'media'}`;
    URL.revokeObjectURL = () => undefined;
    try {
      const { api, user } = await openAndExpand('inspection', {
        'GET /api/inspection/r1': () => jsonResponse(200, inspection()),
        'GET /api/inspection/r1/alert': () => jsonResponse(200, []),
      });
      const open = await screen.findByRole('button', { name: 'Open the image Photo' });
      await waitFor(() => expect(within(open).getByRole('img', { name: 'Photo' })).toHaveAttribute('src', 'blob:image/webp'));
      expect(api.callsTo('GET', '/api/file/file1/thumbnail')).toHaveLength(1);
      expect(api.callsTo('GET', '/api/file/file1')).toHaveLength(0);

      await user.click(open);
      const dialog = await screen.findByRole('dialog');
      await waitFor(() => expect(within(dialog).getByRole('img', { name: 'Photo' })).toHaveAttribute('src', 'blob:image/png'));
      expect(api.callsTo('GET', '/api/file/file1')).toHaveLength(1);
    } finally {
      Object.assign(URL, { createObjectURL, revokeObjectURL });
    }
  });

  it('shows the Comment column when a value has a comment', async () => {
    await openAndExpand('inspection', {
      'GET /api/inspection/r1': () => jsonResponse(200, inspection([{ attribute: 'at1', value: 'Checked twice' }])),
      'GET /api/inspection/r1/alert': () => jsonResponse(200, []),
    });
    expect(await screen.findByRole('columnheader', { name: 'Comment' })).toBeInTheDocument();
    expect(screen.getByText('Checked twice')).toBeInTheDocument();
  });

  it('resolves one alert with a required remark, then reloads the detail', async () => {
    let resolved = false;
    const { api, user } = await openAndExpand('inspection', {
      'GET /api/inspection/r1': () => jsonResponse(200, inspection()),
      'GET /api/inspection/r1/alert': () => jsonResponse(200, [alertOf('al1', 'Too hot', resolved ? AT : null), alertOf('al2', 'Too loud')]),
      'POST /api/alert/resolve': () => {
        resolved = true;
        return jsonResponse(200, { alerts: [] });
      },
    });
    const hot = (await screen.findByText('Too hot')).closest('tr')!;
    await user.click(within(hot).getByRole('button', { name: 'Resolve' }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Resolve' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox'), '   ');
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox'), 'Seal replaced');
    await user.click(confirm);
    await waitFor(() => expect(api.callsTo('POST', '/api/alert/resolve')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/alert/resolve')[0]!.body).toEqual({ remark: 'Seal replaced', ids: ['al1'] });
    expect(await screen.findByText('1 alert resolved')).toBeInTheDocument();
    // Reloaded: the resolved alert has lost its Resolve button.
    await waitFor(() => expect(within(screen.getByText('Too hot').closest('tr')!).queryByRole('button', { name: 'Resolve' })).toBeNull());
    expect(api.callsTo('GET', '/api/inspection/r1/alert').length).toBeGreaterThanOrEqual(2);
  });

  it('resolves the selected alerts together', async () => {
    const { api, user } = await openAndExpand('inspection', {
      'GET /api/inspection/r1': () => jsonResponse(200, inspection()),
      'GET /api/inspection/r1/alert': () => jsonResponse(200, [alertOf('al1', 'Too hot'), alertOf('al2', 'Too loud'), alertOf('al3', 'Too wet')]),
      'POST /api/alert/resolve': () => jsonResponse(200, { alerts: [] }),
    });
    const bulk = await screen.findByRole('button', { name: 'Resolve selected' });
    expect(bulk).toBeDisabled();
    for (const message of ['Too hot', 'Too wet']) await user.click(within((await screen.findByText(message)).closest('tr')!).getByRole('checkbox'));
    await user.click(bulk);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox'), 'Plant restarted');
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/alert/resolve')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/alert/resolve')[0]!.body).toEqual({ remark: 'Plant restarted', ids: ['al1', 'al3'] });
  });

  it('reloads when an update-detail push names the inspection, and not for others', async () => {
    const { api } = await openAndExpand('inspection', { 'GET /api/inspection/r1': () => jsonResponse(200, inspection()), 'GET /api/inspection/r1/alert': () => jsonResponse(200, []) });
    await screen.findByText('Weekly pump check');
    await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
    const socket = sockets[sockets.length - 1]!;
    act(() => socket.accept());
    const reads = () => api.callsTo('GET', '/api/inspection/r1').length;
    const before = reads();
    act(() => socket.push('update-detail', { type: 'inspection', _id: 'other' }));
    act(() => socket.push('update-detail', { type: 'inspection', _id: 'r1' }));
    await waitFor(() => expect(reads()).toBe(before + 1));
  });

  it('an asset row shows its static attributes, alerts and inspections; the kind switch appears with both kinds', async () => {
    const maintenance = { ...inspection(), _id: 'i1', checklistName: 'Weekly pump check' };
    const record = { _id: 'rec1', imageNumber: '12', identification: 'Q3 breaker', note: '', severityLevel: 'B', status: 'draft', thermalImage: null, realImage: null, ambientTemperature: 21, measurements: [], observations: [] };
    const thermography = { ...inspection(), _id: 'i2', type: 'ThermographyInspection', checklistName: 'Infrared survey', records: [record] };
    const { user } = await openAndExpand('asset', {
      'GET /api/asset/r1': () =>
        jsonResponse(200, { _id: 'r1', name: 'Pump 7', identification: 'P7', tags: [], checklists: [], checklistOptions: [], message: '', staticAttributes: [{ name: 'Maker', value: 'Grundfos', type: 'string', sequenceId: 2 }, { name: 'Room', value: 'B12', type: 'string', sequenceId: 1 }] }),
      'GET /api/alert': () => jsonResponse(200, [alertOf('al1', 'Too hot')]),
      'GET /api/inspection': () => jsonResponse(200, [maintenance, thermography]),
      'GET /api/inspection/i2/rec1/alert': () => jsonResponse(200, []),
      'GET /api/thermography/config': () => jsonResponse(200, { infoUrl: '/api/thermography/info.pdf', severityLevels: {} }),
    });
    expect(await screen.findByText('Grundfos')).toBeInTheDocument();
    expect(screen.getByText('Too hot')).toBeInTheDocument();
    expect(await screen.findByText('Weekly pump check')).toBeInTheDocument();
    expect(screen.queryByText('Q3 breaker')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Thermography Inspections' }));
    // Spec §2.5: the thermography view pages through the image records.
    expect(await screen.findByText('Q3 breaker')).toBeInTheDocument();
    expect(screen.getByText('image 1 of 1')).toBeInTheDocument();
    expect(screen.queryByText('Weekly pump check')).toBeNull();
  });

  it('without the thermography kind, the asset shows its inspections directly', async () => {
    await openAndExpand('asset', {
      'GET /api/asset/r1': () => jsonResponse(200, { _id: 'r1', name: 'Pump 7', identification: 'P7', tags: [], checklists: [], checklistOptions: [], message: '', staticAttributes: [] }),
      'GET /api/alert': () => jsonResponse(200, []),
      'GET /api/inspection': () => jsonResponse(200, [inspection()]),
    });
    expect(await screen.findByText('Weekly pump check')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Maintenance Inspections' })).toBeNull();
  });

  it('a user without read-alert is not offered alerts and the detail never asks for them', async () => {
    const { api } = await openAndExpand('inspection', { 'GET /api/inspection/r1': () => jsonResponse(200, inspection()) }, ['view-engineer', 'read-inspection']);
    await screen.findByText('Weekly pump check');
    expect(screen.queryByText('Alerts')).toBeNull();
    expect(api.callsTo('GET', '/api/inspection/r1/alert')).toHaveLength(0);
  });
});
