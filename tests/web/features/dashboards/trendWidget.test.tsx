import { screen, waitFor, within } from '@testing-library/react';
import type { ChartData, ChartOptions, LegendItem } from 'chart.js';
import { describe, expect, it, vi } from 'vitest';
import type { DashboardRecord } from '../../../../common/resources/dashboard';
import { formatDate } from '../../../../common/formatTime';
import { jsonResponse, mockApi } from '../../helpers/mockApi';
import { renderApp } from '../../helpers/renderApp';
import { sessionUser } from '../../helpers/sessionUsers';

/*
 * Issue 44 §5: a trend widget draws what its script's query.trend answered with the asset detail's
 * chart (TrendChart). jsdom has no canvas, so chart.js draws nothing: react-chartjs-2 is replaced by
 * a canvas that keeps what each chart was handed — its series (the legend's entries) and options.
 */
interface LineProps {
  data: ChartData<'line', { x: number; y: number }[]>;
  options: ChartOptions<'line'>;
  'aria-label'?: string;
}
const linesDrawn: LineProps[] = [];

vi.mock('react-chartjs-2', () => ({
  Line: (props: LineProps) => {
    linesDrawn.push(props);
    return <canvas role="img" aria-label={props['aria-label']} />;
  },
  // The dashboard's bar and doughnut widget, loaded ahead for engineers.
  Chart: () => <canvas />,
  getElementAtEvent: () => [],
}));

const DAY = 86_400_000;
const HOUR = 3_600_000;
const TO = new Date(2026, 10, 30, 9, 0).getTime();
const FROM = TO - 30 * DAY;
const FORECAST_AT = TO + 12 * DAY + 5 * HOUR;

const trendWidget = (id: string, name: string, data: unknown) => ({ _id: id, name, type: 'trend', script: 's1', options: {}, navigation: null, data, dependsOn: ['measurementPoint'] });

const CHILLER = trendWidget('w-chiller', 'Chiller supply temperature (30 days)', {
  point: { _id: 'p1', name: 'Chilled water supply temperature', unit: '°C', direction: 'above', warning: 9, critical: 11 },
  from: FROM,
  to: TO,
  bucketMs: 6 * HOUR,
  buckets: [
    { ts: FROM, min: 6.1, max: 6.9, mean: 6.5, count: 36 },
    { ts: FROM + 6 * HOUR, min: 6.3, max: 7.1, mean: 6.7, count: 36 },
  ],
  latest: { ts: TO - 10 * 60_000, value: 7.9 },
  forecast: { level: 'warning', threshold: 9, at: FORECAST_AT, inDays: 12 },
});
const RUN_HOURS = trendWidget('w-hours', 'Compressor run hours', {
  point: { name: 'Compressor run hours', unit: 'h', direction: 'above', warning: null, critical: null },
  from: TO - DAY,
  to: TO,
  bucketMs: 200_000,
  buckets: [],
  latest: null,
  forecast: null,
});

const dashboard: DashboardRecord = {
  _id: 'd1',
  name: 'Plant',
  filters: [],
  sections: [
    {
      title: 'Condition monitoring',
      sequenceId: 1,
      filters: [],
      items: [
        { _id: 'i1', widget: CHILLER._id, width: 8, height: 340, sequenceId: 1 },
        { _id: 'i2', widget: RUN_HOURS._id, width: 4, height: 340, sequenceId: 2 },
      ],
    },
  ],
};

function renderDashboard() {
  localStorage.setItem('jwt', 'stored-jwt');
  sessionStorage.clear();
  mockApi({
    'GET /api/token/init': () => jsonResponse(200, sessionUser(['view-engineer', 'nav-home', 'read-dashboard', 'read-asset'], { dashboardId: 'd1' })),
    'GET /api/dashboard/d1': () => jsonResponse(200, dashboard),
    [`GET /api/widget/${CHILLER._id}`]: () => jsonResponse(200, CHILLER),
    [`GET /api/widget/${RUN_HOURS._id}`]: () => jsonResponse(200, RUN_HOURS),
  });
  renderApp('/home');
}

/** What the time axis writes under its ticks, as chart.js builds them (the scale's afterBuildTicks, then its tick callback). */
function ticksOf(options: ChartOptions<'line'>, width = 800): string[] {
  const x = options.scales!.x!;
  const axis = { width, ticks: [] as { value: number }[] };
  (x.afterBuildTicks as unknown as (scale: typeof axis) => void)(axis);
  return axis.ticks.map((tick) => (x.ticks!.callback as (value: number) => string)(tick.value));
}

/** The last chart drawn with this label. */
const lineOf = (label: string) => linesDrawn.filter((props) => props['aria-label'] === label).at(-1)!;
/** The chart as drawn: charts draw in a task of their own (ChartTurn), their empty canvas until then. */
const drawnLine = (label: string) => waitFor(() => {
  expect(lineOf(label)).toBeDefined();
  return lineOf(label);
});

describe('a trend widget', () => {
  it("shows its point's name and latest reading, draws the mean, the band and both level lines, and says the forecast", async () => {
    linesDrawn.length = 0;
    renderDashboard();
    const widget = await screen.findByRole('region', { name: 'Chiller supply temperature (30 days)' });
    expect(await within(widget).findByRole('img', { name: 'Trend of Chilled water supply temperature' })).toBeInTheDocument();
    expect(within(widget).getByTestId('trend-point')).toHaveTextContent('Chilled water supply temperature · now 7.9 °C');
    expect(within(widget).getByTestId('point-forecast')).toHaveTextContent(`At this trend it reaches Warning (9 °C) in ~12 days, on ${formatDate(FORECAST_AT)}`);

    const { data, options } = await drawnLine('Trend of Chilled water supply temperature');
    // The legend's entries: the band's lower edge is a series of its own, left out of the legend.
    expect(data.datasets.map((set) => set.label)).toEqual(['Min–max', 'Min–max min', 'Mean', 'Warning', 'Critical']);
    const shown = options.plugins!.legend!.labels!.filter!;
    expect(data.datasets.map((set) => shown({ text: set.label } as LegendItem, data as never))).toEqual([true, false, true, true, true]);
    // Each level a flat line across the period; the series at the middle of their buckets.
    const byLabel = new Map(data.datasets.map((set) => [set.label, set.data]));
    expect(byLabel.get('Warning')).toEqual([{ x: FROM, y: 9 }, { x: TO, y: 9 }]);
    expect(byLabel.get('Critical')).toEqual([{ x: FROM, y: 11 }, { x: TO, y: 11 }]);
    expect(byLabel.get('Mean')).toEqual([{ x: FROM + 3 * HOUR, y: 6.5 }, { x: FROM + 9 * HOUR, y: 6.7 }]);
    expect(byLabel.get('Min–max')).toEqual([{ x: FROM + 3 * HOUR, y: 6.9 }, { x: FROM + 9 * HOUR, y: 7.1 }]);
    expect(byLabel.get('Min–max min')).toEqual([{ x: FROM + 3 * HOUR, y: 6.1 }, { x: FROM + 9 * HOUR, y: 6.3 }]);
    // The axis spans the trend's period, its title the unit; 30 days are ticked weekly, by date, not at the period's ends.
    expect(options.scales!.x).toMatchObject({ min: FROM, max: TO });
    expect(ticksOf(options)).toEqual(['2026/11/01', '2026/11/08', '2026/11/15', '2026/11/22', '2026/11/29']);
    // A phone's axis has room for three dates: fortnightly.
    expect(ticksOf(options, 300)).toEqual(['2026/11/01', '2026/11/15', '2026/11/29']);
    expect(options.scales!.y).toMatchObject({ title: { display: true, text: '°C' } });
  });

  it('without levels, readings or a forecast: no level lines, "No readings in this period", no forecast line', async () => {
    linesDrawn.length = 0;
    renderDashboard();
    const widget = await screen.findByRole('region', { name: 'Compressor run hours' });
    expect(await within(widget).findByText('No readings in this period')).toBeInTheDocument();
    expect(within(widget).getByTestId('trend-point')).toHaveTextContent(/^Compressor run hours$/);
    expect(within(widget).queryByTestId('point-forecast')).toBeNull();
    const { data, options } = await drawnLine('Trend of Compressor run hours');
    expect(data.datasets.map((set) => set.label)).toEqual(['Min–max', 'Min–max min', 'Mean']);
    // A day (09:00 to 09:00) is ticked every 6 hours on the hour, by time of day.
    expect(options.scales!.x).toMatchObject({ min: TO - DAY, max: TO });
    expect(ticksOf(options)).toEqual(['12:00 PM', '06:00 PM', '12:00 AM', '06:00 AM']);
  });
});
