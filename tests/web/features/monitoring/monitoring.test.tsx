import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDate, formatTimestamp } from '../../../../common/formatTime';
import { jsonResponse, mockApi } from '../../helpers/mockApi';
import { renderApp } from '../../helpers/renderApp';
import { sessionUser } from '../../helpers/sessionUsers';
import { hex, itemIn, openInspect, panelOf, vibration } from '../technician/inspectFixtures';

/** DESIGN §17 on the screens: a point's alert explained, an asset's trends, a technician's sensor line. */
const AT = new Date(2026, 10, 30, 9, 0).getTime();
const MINUTE = 60_000;
const ENGINEER = ['view-engineer', 'read-alert', 'resolve-alert', 'read-inspection', 'read-asset'];

const pointAlert = {
  _id: 'al9', inspection: null, asset: 'as1', checklist: null, attribute: null, level: 'l2', levelName: 'High',
  message: '<p><strong>Supply temperature</strong> is <strong>31 °C</strong>, warning above 30 °C.</p>', timestamp: AT,
  severityLevel: { text: 'High', color: '#f57c00' }, type: 'PointAlert', remark: null, resolvedBy: null, resolvedAt: null,
  checklistName: null, inspectedBy: null, attributeData: [],
  measurement: {
    point: 'p1', pointName: 'Supply temperature', unit: '°C', level: 'warning', repeats: 1,
    lastValue: 37.9, lastAt: AT + 7 * MINUTE, worstValue: 41, worstAt: AT + 5 * MINUTE, clearedAt: null,
    explanation: {
      rule: { level: 'warning', threshold: 30, direction: 'above', deadband: 2, minDurationMs: 120_000 },
      history: [
        { type: 'fired', ts: AT, value: 31, run: [{ ts: AT - 2 * MINUTE, value: 30.5 }, { ts: AT, value: 31 }], runLength: 2 },
        { type: 'cleared', ts: AT + 4 * MINUTE, value: 28 },
        { type: 'fired', ts: AT + 5 * MINUTE, value: 41, run: [{ ts: AT + 5 * MINUTE, value: 41 }], runLength: 1 },
      ],
    },
  },
};

function openAlertTable(answers: Parameters<typeof mockApi>[0]) {
  localStorage.clear();
  localStorage.setItem('jwt', 'stored-jwt');
  mockApi({
    'GET /api/token/init': () => jsonResponse(200, sessionUser(ENGINEER)),
    'GET /api/table': () => jsonResponse(200, [{ _id: 't1', name: 'alerts', type: 'alert', default: true }]),
    'GET /api/table/t1': () =>
      jsonResponse(200, { name: 'alerts', keyField: '_id', type: 'alert', fields: [{ heading: 'Name', dataField: 'label' }], filters: [], data: [{ _id: 'al9', label: 'First row' }], setSupportRowExpand: true }),
    ...answers,
  });
}

describe("a measurement point's alert detail", () => {
  it('says the rule, the repeats, last and worst values, and what fired and cleared it', async () => {
    openAlertTable({ 'GET /api/alert/al9': () => jsonResponse(200, pointAlert) });
    renderApp('/home/alert/table/t1');
    const row = (await screen.findByText('First row')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Expand' }));
    const section = await screen.findByRole('region', { name: 'Measurement alert' });
    expect(section).toHaveTextContent('Supply temperature');
    expect(section).toHaveTextContent('Warning above 30 °C, cleared at 2 °C below it, after 120 s past it');
    expect(section).toHaveTextContent(`37.9 °C · ${formatTimestamp(AT + 7 * MINUTE)}`);
    expect(section).toHaveTextContent(`41 °C · ${formatTimestamp(AT + 5 * MINUTE)}`);
    expect(section).toHaveTextContent('In alarm');
    const history = within(section).getByRole('table', { name: 'Fired and cleared' });
    const rows = within(history).getAllByRole('row').slice(1).map((r) => r.textContent);
    expect(rows).toEqual([
      `${formatTimestamp(AT)}Fired31 °C2 readings since ${formatTimestamp(AT - 2 * MINUTE)}: 30.5, 31`,
      `${formatTimestamp(AT + 4 * MINUTE)}Cleared (re-armed)28 °C`,
      `${formatTimestamp(AT + 5 * MINUTE)}Fired41 °C1 reading since ${formatTimestamp(AT + 5 * MINUTE)}: 41`,
    ]);
    // No checklist facts for an alert no checklist raised.
    expect(screen.queryByText('Inspected by')).toBeNull();
  });
});

describe("an asset's measurement points", () => {
  it('lists each point with its latest reading and draws the chosen one with its forecast', async () => {
    localStorage.clear();
    localStorage.setItem('jwt', 'stored-jwt');
    const api = mockApi({
      'GET /api/token/init': () => jsonResponse(200, sessionUser(ENGINEER)),
      'GET /api/table': () => jsonResponse(200, [{ _id: 't1', name: 'assets', type: 'asset', default: true }]),
      'GET /api/table/t1': () =>
        jsonResponse(200, { name: 'assets', keyField: '_id', type: 'asset', fields: [{ heading: 'Name', dataField: 'label' }], filters: [], data: [{ _id: 'r1', label: 'First row' }], setSupportRowExpand: true }),
      'GET /api/asset/r1': () => jsonResponse(200, { _id: 'r1', name: 'Chiller 7', identification: 'CH-7', tags: [], checklists: [], checklistOptions: [], message: '', staticAttributes: [] }),
      'GET /api/alert': () => jsonResponse(200, []),
      'GET /api/inspection': () => jsonResponse(200, []),
      'GET /api/measurementPoint/latest': () =>
        jsonResponse(200, [
          { _id: 'p1', name: 'Supply temperature', unit: '°C', attribute: null, kind: 'gauge', direction: 'above', warning: 36, critical: 40, lastTs: AT, lastValue: 30.2, service: null },
          {
            _id: 'p2', name: 'Run hours', unit: 'h', attribute: null, kind: 'counter', direction: 'above', warning: null, critical: null, lastTs: AT, lastValue: 18_826.4,
            service: { every: 500, task: 'Compressor service', next: 19_000, last: { at: 18_500, readingTs: AT - 3 * 86_400_000, workOrder: 'wo1' } },
          },
        ]),
      'GET /api/measurementPoint/p1/trend': () =>
        jsonResponse(200, {
          point: { _id: 'p1', name: 'Supply temperature', unit: '°C', direction: 'above', warning: 36, critical: 40 },
          from: AT - 7 * 86_400_000, to: AT, bucketMs: 3_600_000,
          buckets: [{ ts: AT - 3_600_000, min: 29, max: 31, mean: 30, count: 60 }],
          latest: { ts: AT, value: 30.2 },
          forecast: { level: 'warning', threshold: 36, at: AT + 12 * 86_400_000, inDays: 12 },
        }),
      'GET /api/measurementPoint/p2/trend': () =>
        jsonResponse(200, { point: { _id: 'p2', name: 'Run hours', unit: 'h', direction: 'above', warning: null, critical: null }, from: 0, to: 1, bucketMs: 1000, buckets: [], latest: null, forecast: null }),
    });
    renderApp('/home/asset/table/t1');
    const row = (await screen.findByText('First row')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Expand' }));
    const points = await screen.findByRole('region', { name: 'Measurement points' });
    expect(within(points).getByText('Supply temperature: 30.2 °C')).toBeInTheDocument();
    expect(within(points).queryByTestId('point-service')).toBeNull();
    expect(await within(points).findByTestId('point-forecast')).toHaveTextContent('At this trend it reaches Warning (36 °C) in ~12 days');
    const asked = api.callsTo('GET', '/api/measurementPoint/p1/trend')[0]!;
    const query = new URLSearchParams(asked.search);
    expect(Number(query.get('to')) - Number(query.get('from'))).toBe(7 * 86_400_000);
    await userEvent.click(within(points).getByRole('button', { name: '90 days' }));
    await waitFor(() => expect(api.callsTo('GET', '/api/measurementPoint/p1/trend')).toHaveLength(2));
    const longer = new URLSearchParams(api.callsTo('GET', '/api/measurementPoint/p1/trend')[1]!.search);
    expect(Number(longer.get('to')) - Number(longer.get('from'))).toBe(90 * 86_400_000);
    await userEvent.click(within(points).getByRole('button', { name: 'Run hours: 18826.4 h' }));
    expect(await within(points).findByText('No readings in this period')).toBeInTheDocument();
    expect(within(points).getByTestId('point-service')).toHaveTextContent(
      `Service every 500 h: Compressor service · next at 19000 h · last passed 18500 h on ${formatDate(AT - 3 * 86_400_000)}`,
    );
  });
});

describe("a technician's checklist item measured by a sensor", () => {
  it('shows the latest sensor reading beside the item of the mapped attribute', async () => {
    openInspect({
      'GET /api/measurementPoint/latest': (call) =>
        jsonResponse(
          200,
          new URLSearchParams(call.search).get('asset') === hex(1)
            ? [{ _id: 'p1', name: 'Pump vibration', unit: 'mm/s', attribute: vibration._id, kind: 'gauge', direction: 'above', warning: 7.1, critical: null, lastTs: AT, lastValue: 3.4 }]
            : [],
        ),
    });
    const panel = await panelOf('Booster set pump A');
    const region = within(panel).getByRole('region', { name: 'Pump weekly check' });
    await waitFor(() => expect(itemIn(region, 'Vibration')).toHaveTextContent(`Sensor now: 3.4 mm/s · ${formatTimestamp(AT)}`));
    expect(itemIn(region, 'Leak present')).not.toHaveTextContent('Sensor now');
  });
});
