/**
 * The maintenance KPIs (DESIGN §18, docs/kpis.md): each with the one-line formula its widget shows,
 * where the definition comes from, and the rows it counts — the drill-down shows exactly those, so
 * their count and sums give the figure again. Shared by the server (which computes them), the KPI
 * widget and the rows screen.
 */
export const KPI_NAMES = ['mtbf', 'mttr', 'pmCompliance', 'plannedPercentage', 'backlogWeeks', 'alertAcknowledge', 'alertResolve', 'costPerAsset'] as const;
export type KpiName = (typeof KPI_NAMES)[number];

export const isKpiName = (value: unknown): value is KpiName => typeof value === 'string' && (KPI_NAMES as readonly string[]).includes(value);

export type KpiUnit = 'hours' | 'percent' | 'weeks' | 'minutes' | 'money';

/** A column of the drill-down's rows. */
export interface KpiField {
  heading: string;
  dataField: string;
  /** How the screens show it (a time as a date, hours to 2 places, yes/no). */
  kind: 'text' | 'time' | 'hours' | 'minutes' | 'money' | 'yesNo';
}

export interface KpiDefinition {
  name: KpiName;
  label: string;
  /** One line: what the widget's title says. */
  formula: string;
  unit: KpiUnit;
  /** Where the definition comes from (docs/kpis.md gives the full text). */
  source: string;
  /** What one row of the drill-down is. */
  rowsAre: string;
  fields: KpiField[];
  /** Whoever may read the rows it counts: the server checks it on every KPI call. */
  permission: 'manage-workorder' | 'read-alert';
  /** What the numerator and the denominator count, for the line under the figure ('467.5 operating h ÷ 3 failures'). */
  numeratorIs: string;
  denominatorIs: string;
}

const SMRP = 'SMRP Best Practices, 5th ed.';
const order: KpiField[] = [
  { heading: 'Work order', dataField: 'title', kind: 'text' },
  { heading: 'Asset', dataField: 'assetName', kind: 'text' },
];

export const KPI_DEFINITIONS: Record<KpiName, KpiDefinition> = {
  mtbf: {
    name: 'mtbf',
    label: 'MTBF',
    formula: 'MTBF = operating hours in the period ÷ failures (corrective orders whose downtime began in it)',
    unit: 'hours',
    source: `${SMRP}, metric 3.5.1 Mean Time Between Failures`,
    rowsAre: 'the downtime periods in the period, each clipped to it; failures are the corrective ones that began in it',
    fields: [
      ...order,
      { heading: 'Type', dataField: 'typeLabel', kind: 'text' },
      { heading: 'Asset stopped', dataField: 'downtimeStart', kind: 'time' },
      { heading: 'Running again', dataField: 'downtimeEnd', kind: 'time' },
      { heading: 'Down in period (h)', dataField: 'downHours', kind: 'hours' },
      { heading: 'Failure', dataField: 'failure', kind: 'yesNo' },
    ],
    permission: 'manage-workorder',
    numeratorIs: 'operating h',
    denominatorIs: 'failures',
  },
  mttr: {
    name: 'mttr',
    label: 'MTTR',
    formula: 'MTTR = downtime of corrective repairs finished in the period ÷ number of those repairs',
    unit: 'hours',
    source: `${SMRP}, metric 3.5.2 Mean Time To Repair`,
    rowsAre: 'the corrective orders whose asset ran again in the period',
    fields: [
      ...order,
      { heading: 'Asset stopped', dataField: 'downtimeStart', kind: 'time' },
      { heading: 'Running again', dataField: 'downtimeEnd', kind: 'time' },
      { heading: 'Repair time (h)', dataField: 'repairHours', kind: 'hours' },
    ],
    permission: 'manage-workorder',
    numeratorIs: 'h of repair',
    denominatorIs: 'repairs',
  },
  pmCompliance: {
    name: 'pmCompliance',
    label: 'PM compliance',
    formula: 'PM compliance = preventive orders completed by their due date ÷ preventive orders due in the period × 100',
    unit: 'percent',
    source: `${SMRP}, metric 5.4.11 PM & PdM Compliance (on time: by the order's own due date)`,
    rowsAre: 'the preventive orders due in the period (up to now)',
    fields: [
      ...order,
      { heading: 'Due', dataField: 'due', kind: 'time' },
      { heading: 'Completed', dataField: 'completedAt', kind: 'time' },
      { heading: 'On time', dataField: 'onTime', kind: 'yesNo' },
    ],
    permission: 'manage-workorder',
    numeratorIs: 'on time',
    denominatorIs: 'due',
  },
  plannedPercentage: {
    name: 'plannedPercentage',
    label: 'Planned maintenance',
    formula: 'Planned maintenance % = labour hours on preventive and condition-based orders ÷ all labour hours × 100',
    unit: 'percent',
    source: `${SMRP}, work management metrics (5.4): Planned Work, by labour hours`,
    rowsAre: 'the finished labour entries that began in the period',
    fields: [
      ...order,
      { heading: 'Type', dataField: 'typeLabel', kind: 'text' },
      { heading: 'Person', dataField: 'userName', kind: 'text' },
      { heading: 'Started', dataField: 'startedAt', kind: 'time' },
      { heading: 'Hours', dataField: 'hours', kind: 'hours' },
      { heading: 'Planned', dataField: 'planned', kind: 'yesNo' },
    ],
    permission: 'manage-workorder',
    numeratorIs: 'planned h',
    denominatorIs: 'labour h',
  },
  backlogWeeks: {
    name: 'backlogWeeks',
    label: 'Ready backlog',
    formula: 'Backlog (weeks) = estimated hours of open, ready orders ÷ weekly crew hours (config kpi.backlog)',
    unit: 'weeks',
    source: `${SMRP}, metric 5.4.9 Ready Backlog`,
    rowsAre: 'the orders open now in a ready status (the period does not apply: a backlog is as of now)',
    fields: [
      ...order,
      { heading: 'Status', dataField: 'status', kind: 'text' },
      { heading: 'Due', dataField: 'due', kind: 'time' },
      { heading: 'Estimated (h)', dataField: 'estimatedHours', kind: 'hours' },
    ],
    permission: 'manage-workorder',
    numeratorIs: 'estimated h',
    denominatorIs: 'crew h a week',
  },
  alertAcknowledge: {
    name: 'alertAcknowledge',
    label: 'Time to acknowledge',
    formula: 'Mean time to acknowledge = Σ (acknowledged − raised) ÷ alerts raised in the period and acknowledged',
    unit: 'minutes',
    source: 'DESIGN §18 (alarm response, as ISA-18.2 monitors it)',
    rowsAre: 'the alerts raised in the period that someone acknowledged',
    fields: [
      { heading: 'Asset', dataField: 'assetName', kind: 'text' },
      { heading: 'Level', dataField: 'levelName', kind: 'text' },
      { heading: 'Raised', dataField: 'raisedAt', kind: 'time' },
      { heading: 'Acknowledged', dataField: 'acknowledgedAt', kind: 'time' },
      { heading: 'By', dataField: 'acknowledgedByName', kind: 'text' },
      { heading: 'Minutes', dataField: 'minutes', kind: 'minutes' },
    ],
    permission: 'read-alert',
    numeratorIs: 'min to acknowledge',
    denominatorIs: 'alerts',
  },
  alertResolve: {
    name: 'alertResolve',
    label: 'Time to resolve',
    formula: 'Mean time to resolve = Σ (resolved − raised) ÷ alerts raised in the period and resolved',
    unit: 'hours',
    source: 'DESIGN §18 (alarm response, as ISA-18.2 monitors it)',
    rowsAre: 'the alerts raised in the period that were resolved',
    fields: [
      { heading: 'Asset', dataField: 'assetName', kind: 'text' },
      { heading: 'Level', dataField: 'levelName', kind: 'text' },
      { heading: 'Raised', dataField: 'raisedAt', kind: 'time' },
      { heading: 'Resolved', dataField: 'resolvedAt', kind: 'time' },
      { heading: 'By', dataField: 'resolvedByName', kind: 'text' },
      { heading: 'Hours', dataField: 'hours', kind: 'hours' },
    ],
    permission: 'read-alert',
    numeratorIs: 'h to resolve',
    denominatorIs: 'alerts',
  },
  costPerAsset: {
    name: 'costPerAsset',
    label: 'Maintenance cost per asset',
    formula: 'Cost per asset = (labour hours × rate + parts × unit cost) in the period ÷ assets',
    unit: 'money',
    source: 'DESIGN §18 (SMRP 1.5 relates total maintenance cost to replacement asset value, which FacilityOps does not hold)',
    rowsAre: 'every asset in scope with its labour and parts cost in the period',
    fields: [
      { heading: 'Asset', dataField: 'assetName', kind: 'text' },
      { heading: 'Labour cost', dataField: 'labourCost', kind: 'money' },
      { heading: 'Parts cost', dataField: 'partsCost', kind: 'money' },
      { heading: 'Total', dataField: 'total', kind: 'money' },
    ],
    permission: 'manage-workorder',
    numeratorIs: 'total cost',
    denominatorIs: 'assets',
  },
};

/** What a KPI is computed over: a period (epoch ms, start inclusive, end exclusive) and optionally some assets. */
export interface KpiScope {
  start: number;
  end: number;
  /** Asset ids; empty = every current asset. */
  assets: string[];
}

/** The figure and what it was made of (the numerator and denominator the rows give again). */
export interface KpiFigure {
  kpi: KpiName;
  label: string;
  formula: string;
  unit: KpiUnit;
  source: string;
  /** null when the denominator is 0 (no failures, no preventive order due…). */
  value: number | null;
  numerator: number;
  denominator: number;
  /** Rows the drill-down shows (= what was counted). */
  rows: number;
  scope: KpiScope;
  /** Where the period ends for what has happened: its end, or now when that comes first. */
  until: number;
}

/** GET /kpi/{name}/rows: a page of the rows counted. */
export interface KpiRows {
  kpi: KpiName;
  fields: KpiField[];
  rows: Record<string, unknown>[];
  /** Every row the KPI counted over the period and assets. */
  total: number;
  /** The rows the search keeps (`total` without one): what the pages run through. */
  matching: number;
}

/** The default period when a dashboard gives none: the last 90 days. */
export const DEFAULT_KPI_DAYS = 90;
/** Longest period one KPI call may cover: ten years. */
export const MAX_KPI_DAYS = 3660;

/** `kpi.backlog` config entry: the crew's weekly hours and the statuses in which an order is ready to be worked. */
export interface BacklogSettings {
  weeklyCrewHours: number;
  readyStatuses: string[];
}

export const BACKLOG_CONFIG_KEY = 'kpi.backlog';
export const DEFAULT_BACKLOG: BacklogSettings = { weeklyCrewHours: 160, readyStatuses: ['Open', 'In Progress'] };

const UNIT_SUFFIX: Record<KpiUnit, string> = { hours: ' h', percent: ' %', weeks: ' weeks', minutes: ' min', money: '' };

/** Numbers as the KPI screens show them: at most 2 decimals, thousands grouped. */
export const kpiNumber = (value: number): string => value.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** The figure with its unit ('155.83 h', '33.33 %'); '—' when it has none (nothing to divide by). */
export function kpiValueText(figure: Pick<KpiFigure, 'value' | 'unit'>): string {
  if (figure.value === null) return '—';
  return figure.unit === 'money' ? figure.value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }) : `${kpiNumber(figure.value)}${UNIT_SUFFIX[figure.unit]}`;
}

/** The line under the figure: what it divided ('467.5 operating h ÷ 3 failures'). */
export function kpiParts(figure: Pick<KpiFigure, 'kpi' | 'numerator' | 'denominator'>): string {
  const definition = KPI_DEFINITIONS[figure.kpi];
  return `${kpiNumber(figure.numerator)} ${definition.numeratorIs} ÷ ${kpiNumber(figure.denominator)} ${definition.denominatorIs}`;
}

/** Where a KPI's rows are shown, for its scope (the engineer's KPI rows screen). */
export function kpiRowsPath(figure: Pick<KpiFigure, 'kpi' | 'scope'>): string {
  const query = new URLSearchParams({ start: String(figure.scope.start), end: String(figure.scope.end) });
  if (figure.scope.assets.length > 0) query.set('asset', figure.scope.assets.join(','));
  return `/home/kpi/${figure.kpi}?${query.toString()}`;
}
