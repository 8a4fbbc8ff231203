import type { WidgetType } from '../resources/widget';
import { withCssCellColours } from '../tables/cellColours';

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

export interface WidgetDataByType {
  string: StringWidgetData;
  progress: ProgressWidgetData;
  table: TableWidgetData;
  html: HtmlWidgetData;
  chart: ChartWidgetData;
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

const CHECKS: { [T in WidgetType]: (value: unknown) => Checked<WidgetDataByType[T]> } = {
  string: checkString,
  progress: checkProgress,
  table: checkTable,
  html: checkHtml,
  chart: checkChart,
};

/** The script's value in the full form of its widget type, or what is wrong with it. */
export function checkWidgetData<T extends WidgetType>(type: T, value: unknown): Checked<WidgetDataByType[T]> {
  return CHECKS[type](value);
}

/** Progress as a percentage, kept within 0–100 for drawing. */
export function progressPercent(data: ProgressWidgetData): number {
  return Math.min(100, Math.max(0, (data.value / data.max) * 100));
}
