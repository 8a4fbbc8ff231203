import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { timeAxisSpan, trendSeries, type TrendPoint } from '../../../../src/features/thermography/ThermographyTrendChart';
import { jsonResponse, mockApi } from '../../helpers/mockApi';
import { renderApp } from '../../helpers/renderApp';
import { sessionUser } from '../../helpers/sessionUsers';

const DAY = 86_400_000;
const T0 = new Date(2026, 0, 10, 9, 0).getTime();
const PERMISSIONS = ['view-engineer', 'read-table', 'read-asset', 'read-inspection', 'read-alert', 'read-thermography-note'];

const record = (id: string, identification: string, severityLevel: 'A' | 'B' | 'C' | 'D' | null, extra: Record<string, unknown> = {}) => ({
  _id: id,
  imageNumber: id.replace(/\D/g, ''),
  identification,
  note: '',
  severityLevel,
  status: 'approved',
  thermalImage: null,
  realImage: null,
  ambientTemperature: 21,
  measurements: [{ k: 'Max', v: '62.2 °C' }],
  observations: [],
  ...extra,
});

const thermographyInspection = (id: string, timestamp: number, records: ReturnType<typeof record>[]) => ({
  _id: id, timestamp, user: 'u1', checklist: null, asset: 'r1', type: 'ThermographyInspection', attributeData: [], attributeComments: [], records,
  assetName: 'MSB-1', checklistName: null, userName: 'Theo Thermo',
});

async function openAsset(inspections: unknown[], answers: Parameters<typeof mockApi>[0] = {}) {
  localStorage.setItem('jwt', 'stored-jwt');
  const api = mockApi({
    'GET /api/token/init': () => jsonResponse(200, sessionUser(PERMISSIONS)),
    'GET /api/table': () => jsonResponse(200, [{ _id: 't1', name: 'Assets', type: 'asset', default: true }]),
    'GET /api/table/t1': () => jsonResponse(200, { name: 'Assets', keyField: '_id', type: 'asset', fields: [{ heading: 'Name', dataField: 'name' }], filters: [], data: [{ _id: 'r1', name: 'Main switchboard' }], setSupportRowExpand: true }),
    'GET /api/asset/r1': () => jsonResponse(200, { _id: 'r1', name: 'Main switchboard', identification: 'MSB-1', tags: [], checklists: [], checklistOptions: [], message: '', staticAttributes: [] }),
    'GET /api/alert': () => jsonResponse(200, []),
    'GET /api/inspection': () => jsonResponse(200, inspections),
    'GET /api/asset/r1/thermographyTrend': () => jsonResponse(200, []),
    'GET /api/thermography/config': () =>
      jsonResponse(200, { infoUrl: '/api/thermography/info.pdf', severityLevels: { A: { _id: 'l1', name: 'Critical', color: '#d32f2f', technicalName: 'critical' }, B: { _id: 'l2', name: 'High', color: '#f57c00', technicalName: 'high' }, C: null, D: null } }),
    ...answers,
  });
  renderApp('/home/asset/table/t1');
  const user = userEvent.setup();
  const row = (await screen.findByText('Main switchboard')).closest('tr')!;
  await user.click(within(row).getByRole('button', { name: 'Expand' }));
  return { api, user };
}

describe("asset detail's thermography view (spec §2.5)", () => {
  it('with thermography only, pages through the records directly: image N of M, identification, priority chip, readings, observations, alerts', async () => {
    const older = thermographyInspection('i1', T0, [record('rec1', 'Q1 incomer', 'B')]);
    const newer = thermographyInspection('i2', T0 + 30 * DAY, [
      record('rec2', 'Q3 breaker', 'A', { measurements: [{ k: 'Min', v: '24.3 °C' }, { k: 'Max', v: '71.4 °C' }], observations: ['Overheated terminal detected', 'Insulation discoloured'] }),
      record('rec3', 'Q4 breaker', null),
    ]);
    const { api, user } = await openAsset([older, newer], {
      'GET /api/inspection/i2/rec2/alert': () =>
        jsonResponse(200, [{ _id: 'al1', inspection: 'i2', asset: 'r1', checklist: null, attribute: null, level: 'l1', levelName: 'Critical', message: 'Q3 breaker: severity A', timestamp: T0 + 30 * DAY, severityLevel: { text: 'Critical', color: '#d32f2f' }, type: 'ThermographyAlert', remark: null, resolvedBy: null, resolvedAt: null }]),
      'GET /api/inspection/i2/rec3/alert': () => jsonResponse(200, []),
      'GET /api/inspection/i1/rec1/alert': () => jsonResponse(200, []),
    });
    // One kind only: no switch.
    expect(await screen.findByText('image 1 of 3')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Maintenance Inspections' })).toBeNull();

    // Newest inspection first.
    expect(screen.getByRole('heading', { name: 'Q3 breaker' })).toBeInTheDocument();
    const chip = await screen.findByText('Priority A');
    await waitFor(() => expect(chip.closest('[data-color]')).toHaveAttribute('data-color', '#d32f2f'));
    const readings = screen.getByRole('table', { name: 'Measurements' });
    expect(within(readings).getByText('Ambient temperature').closest('tr')).toHaveTextContent('21 °C');
    expect(within(readings).getByText('Max').closest('tr')).toHaveTextContent('71.4 °C');
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual(['Overheated terminal detected', 'Insulation discoloured']);
    expect(await screen.findByText('Q3 breaker: severity A')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('image 2 of 3')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Q4 breaker' })).toBeInTheDocument();
    expect(screen.queryByText(/^Priority/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('image 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Q1 incomer' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await waitFor(() => expect(api.callsTo('GET', '/api/inspection/i1/rec1/alert')).toHaveLength(1));
  });

  it('draws the trend of approved notes when there is one', async () => {
    const { api } = await openAsset([thermographyInspection('i1', T0, [record('rec1', 'Q1 incomer', 'B')])], {
      'GET /api/inspection/i1/rec1/alert': () => jsonResponse(200, []),
      'GET /api/asset/r1/thermographyTrend': () =>
        jsonResponse(200, [{ note: 'rec1', inspection: 'i1', timestamp: T0, imageNumber: '1', identification: 'Q1 incomer', severityLevel: 'B', maxTemperature: 62.2 }]),
    });
    expect(await screen.findByRole('figure', { name: 'Hottest spot of each approved note over time' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/asset/r1/thermographyTrend')).toHaveLength(1);
  });
});

describe('thermography trend series', () => {
  it('one line per component, in time order, unnamed notes together', () => {
    const point = (identification: string, timestamp: number, maxTemperature: number): TrendPoint => ({ note: `${identification}${timestamp}`, inspection: 'i', timestamp, imageNumber: '1', identification, severityLevel: null, maxTemperature });
    const series = trendSeries([point('Q3', T0, 40.1), point('Q4', T0, 35), point('Q3', T0 + DAY, 44.5), point('  ', T0, 30)], 'Unnamed');
    expect(series.datasets.map((dataset) => [dataset.label, dataset.data])).toEqual([
      ['Q3', [{ x: T0, y: 40.1 }, { x: T0 + DAY, y: 44.5 }]],
      ['Q4', [{ x: T0, y: 35 }]],
      ['Unnamed', [{ x: T0, y: 30 }]],
    ]);
  });

  it('a single survey sits mid-chart, a week either side; a long history gets a twentieth of its span', () => {
    expect(timeAxisSpan([{ timestamp: T0 }])).toEqual({ min: T0 - 7 * DAY, max: T0 + 7 * DAY });
    expect(timeAxisSpan([{ timestamp: T0 }, { timestamp: T0 + 400 * DAY }])).toEqual({ min: T0 - 20 * DAY, max: T0 + 420 * DAY });
  });
});
