import type { WidgetType } from '../resources/widget';
import type { KpiFigure } from '../kpis/kpiDefinitions';
import { withCssCellColours } from '../tables/cellColours';
import { DIRECTIONS, type Direction } from '../monitoring/alertRule';
import type { Forecast } from '../monitoring/forecast';
import { MAX_TREND_BUCKETS, type PointTrend, type TrendBucket, type TrendPointLevels } from '../monitoring/trend';

/**
 * What a widget script returns for each type (DESIGN §7, docs/dashboards.md), as the server checks
 * it and the browser draws it. Short forms are accepted and answered in the full form: a string
 * widget may return `42`, a progress widget `75`, a table widget a list of rows.
 */
export interface StringWidgetData {
  value: string;
  caption?: string;
}

export interface ProgressWidgetData {
  value: number;
  max: number;
  caption?: string;
}

export interface TableWidgetData {
  fields: { heading: string; dataField: string }[];
  data: Record<string, unknown>[];
}

export type HtmlWidgetData = string;

export const CHART_TYPES = ['bar', 'doughnut'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

export interface ChartDataset {
  label?: string;
  data: (number | null)[];
  [key: string]: unknown;
}

export interface ChartWidgetData {
  type: ChartType;
  chartData: { labels: string[]; datasets: ChartDataset[] };
  chartOptions?: Record<string, unknown>;
  /**
   * Optional, one per label: the table filters a click on that bar or slice opens the widget's
   * navigation table with (e.g. {asset: id}); without it the clicked label is the table's search.
   */
  navigation?: (Record<string, string> | null)[];
}

/** A measurement point's trend, as `query.trend` answers it (common/monitoring/trend.ts); the point's id comes along when given. */
export type TrendWidgetData = PointTrend<TrendPointLevels & { _id?: string }>;

/** A maintenance KPI's figure (docs/kpis.md), computed by the server rather than a script. */
export type KpiWidgetData = KpiFigure;

export interface WidgetDataByType {
  string: StringWidgetData;
  progress: ProgressWidgetData;
  table: TableWidgetData;
  html: HtmlWidgetData;
  chart: ChartWidgetData;
  trend: TrendWidgetData;
  kpi: KpiWidgetData;
}

export type WidgetData = WidgetDataByType[WidgetType];

export type Checked<T> = { ok: true; data: T } | { ok: false; problem: string };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isScalar = (value: unknown) => typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean';
const fail = (problem: string) => ({ ok: false, problem }) as const;
const captionOf = (value: Record<string, unknown>) => (typeof value.caption === 'string' ? { caption: value.caption } : {});

function checkString(value: unknown): Checked<StringWidgetData> {
  if (value === null || value === undefined) return { ok: true, data: { value: '' } };
  if (isScalar(value)) return { ok: true, data: { value: String(value) } };
  if (isObject(value) && (isScalar(value.value) || value.value === null)) return { ok: true, data: { value: value.value === null ? '' : String(value.value), ...captionOf(value) } };
  return fail('a string widget answers a text or number, or {value, caption}');
}

function checkProgress(value: unknown): Checked<ProgressWidgetData> {
  if (typeof value === 'number' && Number.isFinite(value)) return { ok: true, data: { value, max: 100 } };
  if (isObject(value) && typeof value.value === 'number' && Number.isFinite(value.value)) {
    const max = value.max === undefined ? 100 : value.max;
    if (typeof max !== 'number' || !Number.isFinite(max) || max <= 0) return fail('progress max must be a number above 0');
    return { ok: true, data: { value: value.value, max, ...captionOf(value) } };
  }
  return fail('a progress widget answers a number (percent), or {value, max, caption}');
}

function checkTable(value: unknown): Checked<TableWidgetData> {
  const rows = Array.isArray(value) ? value : isObject(value) ? value.data : undefined;
  if (!Array.isArray(rows) || !rows.every(isObject)) return fail('a table widget answers a list of rows, or {fields, data}');
  const given = isObject(value) ? value.fields : undefined;
  if (given !== undefined && (!Array.isArray(given) || !given.every((f) => isObject(f) && typeof f.dataField === 'string'))) {
    return fail('table fields must be a list of {heading, dataField}');
  }
  // Without fields the columns are the first row's keys.
  const fields = given
    ? (given as Record<string, unknown>[]).map((f) => ({ heading: typeof f.heading === 'string' ? f.heading : String(f.dataField), dataField: String(f.dataField) }))
    : Object.keys(rows[0] ?? {}).filter((key) => key !== '_id').map((key) => ({ heading: key, dataField: key }));
  // Cells are drawn as on the table screens: their colours are checked the same way.
  return { ok: true, data: { fields, data: (rows as Record<string, unknown>[]).map(withCssCellColours) } };
}

function checkHtml(value: unknown): Checked<HtmlWidgetData> {
  if (value === null || value === undefined) return { ok: true, data: '' };
  if (typeof value === 'string') return { ok: true, data: value };
  return fail('an html widget answers a text of HTML');
}

function checkChart(value: unknown): Checked<ChartWidgetData> {
  if (!isObject(value)) return fail('a chart widget answers {type, chartData, chartOptions}');
  if (!(CHART_TYPES as readonly unknown[]).includes(value.type)) return fail(`chart type must be one of: ${CHART_TYPES.join(', ')}`);
  const chartData = value.chartData;
  if (!isObject(chartData) || !Array.isArray(chartData.datasets)) return fail('chartData must be {labels, datasets}');
  const labels = chartData.labels ?? [];
  if (!Array.isArray(labels) || !labels.every(isScalar)) return fail('chartData.labels must be a list of texts');
  for (const [index, dataset] of chartData.datasets.entries()) {
    if (!isObject(dataset) || !Array.isArray(dataset.data) || !dataset.data.every((n) => n === null || (typeof n === 'number' && Number.isFinite(n)))) {
      return fail(`chartData.datasets[${index}].data must be a list of numbers`);
    }
  }
  if (value.chartOptions !== undefined && value.chartOptions !== null && !isObject(value.chartOptions)) return fail('chartOptions must be an object');
  const navigation = value.navigation;
  if (navigation !== undefined && (!Array.isArray(navigation) || !navigation.every((n) => n === null || (isObject(n) && Object.values(n).every(isScalar))))) {
    return fail('navigation must be a list of filter objects, one per label');
  }
  return {
    ok: true,
    data: {
      type: value.type as ChartType,
      chartData: { ...chartData, labels: labels.map(String), datasets: chartData.datasets as ChartDataset[] },
      ...(isObject(value.chartOptions) ? { chartOptions: value.chartOptions } : {}),
      ...(Array.isArray(navigation)
        ? { navigation: (navigation as (Record<string, unknown> | null)[]).map((n) => (n ? Object.fromEntries(Object.entries(n).map(([k, v]) => [k, String(v)])) : null)) }
        : {}),
    },
  };
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isLevel = (value: unknown): value is number | null | undefined => value === null || value === undefined || isNumber(value);
const TREND_SHAPE = 'a trend widget answers what query.trend answers: {point, from, to, bucketMs, buckets, latest, forecast}';
const BUCKET_FIELDS = ['ts', 'min', 'max', 'mean', 'count'] as const;
const FORECAST_LEVELS = ['warning', 'critical'] as const;

function checkTrendPoint(point: unknown): Checked<TrendWidgetData['point']> {
  if (!isObject(point)) return fail('point must be {name, unit, direction, warning, critical}');
  if (typeof point.name !== 'string') return fail('point.name must be a text');
  if (point.unit !== undefined && point.unit !== null && typeof point.unit !== 'string') return fail('point.unit must be a text');
  if (!(DIRECTIONS as readonly unknown[]).includes(point.direction)) return fail(`point.direction must be one of: ${DIRECTIONS.join(', ')}`);
  for (const level of FORECAST_LEVELS) {
    if (!isLevel(point[level])) return fail(`point.${level} must be a number or null`);
  }
  return {
    ok: true,
    data: {
      ...(typeof point._id === 'string' ? { _id: point._id } : {}),
      name: point.name,
      unit: typeof point.unit === 'string' ? point.unit : '',
      direction: point.direction as Direction,
      warning: (point.warning as number | null | undefined) ?? null,
      critical: (point.critical as number | null | undefined) ?? null,
    },
  };
}

function checkForecast(forecast: unknown): Checked<Forecast | null> {
  if (forecast === null || forecast === undefined) return { ok: true, data: null };
  if (!isObject(forecast)) return fail('forecast must be null or {level, threshold, at, inDays}');
  if (!(FORECAST_LEVELS as readonly unknown[]).includes(forecast.level)) return fail(`forecast.level must be one of: ${FORECAST_LEVELS.join(', ')}`);
  for (const name of ['threshold', 'at'] as const) {
    if (!isNumber(forecast[name])) return fail(`forecast.${name} must be a number`);
  }
  if (!Number.isInteger(forecast.inDays) || (forecast.inDays as number) < 0) return fail('forecast.inDays must be a whole number of days from 0');
  return { ok: true, data: { level: forecast.level as Forecast['level'], threshold: forecast.threshold as number, at: forecast.at as number, inDays: forecast.inDays as number } };
}

function checkTrend(value: unknown): Checked<TrendWidgetData> {
  if (!isObject(value)) return fail(TREND_SHAPE);
  const point = checkTrendPoint(value.point);
  if (!point.ok) return point;
  if (!isNumber(value.from) || !isNumber(value.to)) return fail('from and to must be times (epoch ms)');
  if (value.from >= value.to) return fail('from must be before to');
  if (!isNumber(value.bucketMs) || value.bucketMs <= 0) return fail('bucketMs must be a number above 0');
  if (!Array.isArray(value.buckets)) return fail('buckets must be a list of {ts, min, max, mean, count}');
  if (value.buckets.length > MAX_TREND_BUCKETS) return fail(`buckets must hold at most ${MAX_TREND_BUCKETS} buckets`);
  const buckets: TrendBucket[] = [];
  for (const [index, bucket] of value.buckets.entries()) {
    const missing = isObject(bucket) ? BUCKET_FIELDS.find((name) => !isNumber(bucket[name])) : 'ts';
    if (missing) return fail(`buckets[${index}].${missing} must be a number`);
    const { ts, min, max, mean, count } = bucket as Record<(typeof BUCKET_FIELDS)[number], number>;
    buckets.push({ ts, min, max, mean, count });
  }
  const latest = value.latest;
  if (latest !== null && latest !== undefined && !(isObject(latest) && isNumber(latest.ts) && isNumber(latest.value))) return fail('latest must be null or {ts, value}');
  const forecast = checkForecast(value.forecast);
  if (!forecast.ok) return forecast;
  return {
    ok: true,
    data: {
      point: point.data,
      from: value.from,
      to: value.to,
      bucketMs: value.bucketMs,
      buckets,
      latest: isObject(latest) ? { ts: latest.ts as number, value: latest.value as number } : null,
      forecast: forecast.data,
    },
  };
}

const CHECKS: { [T in WidgetType]: (value: unknown) => Checked<WidgetDataByType[T]> } = {
  string: checkString,
  progress: checkProgress,
  table: checkTable,
  html: checkHtml,
  chart: checkChart,
  trend: checkTrend,
  // The server computes a kpi widget's figure itself (widgetData.routes.ts): a script's value is not one.
  kpi: () => fail('a kpi widget is computed from the work orders and alerts: it has no script to answer'),
};

/** The script's value in the full form of its widget type, or what is wrong with it. */
export function checkWidgetData<T extends WidgetType>(type: T, value: unknown): Checked<WidgetDataByType[T]> {
  return CHECKS[type](value);
}

/** Progress as a percentage, kept within 0–100 for drawing. */
export function progressPercent(data: ProgressWidgetData): number {
  return Math.min(100, Math.max(0, (data.value / data.max) * 100));
}
