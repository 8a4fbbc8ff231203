import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { alertLevels, alerts, assets, users, workOrderLabour, workOrderParts, workOrders } from '../../db/schema';
import { KPI_DEFINITIONS, type BacklogSettings, type KpiFigure, type KpiName, type KpiRows, type KpiScope } from '../../../common/kpis/kpiDefinitions';
import { PLANNED_TYPES, WORK_ORDER_TYPE_LABELS } from '../../../common/resources/workAccounting';
import { cents } from '../../../common/resources/workAccounting';

type Executor = Pick<Database, 'execute'>;

/** What every KPI statement is given: the scope, and the moment "now" (a period reaching past it ends there). */
export interface KpiContext {
  scope: KpiScope;
  now: number;
  backlog: BacklogSettings;
}

/**
 * One KPI as SQL (docs/kpis.md): `counted` selects the rows it counts — the drill-down pages
 * through exactly these — and `figure` folds them into numerator, denominator and row count. Both
 * read the same `counted`, so the rows shown always give the figure again.
 */
interface KpiStatement {
  counted: (context: KpiContext) => SQL;
  /** Over `counted` (aliased c): numerator, denominator (the count of rows comes along). */
  figure: (context: KpiContext) => { numerator: SQL; denominator: SQL };
  /** value from numerator and denominator; null when the denominator is 0. */
  value: (numerator: number, denominator: number) => number | null;
  /** The drill-down's order. */
  order: SQL;
}

const HOUR_MS = 3_600_000;
const w = workOrders;
const ratio = (numerator: number, denominator: number) => (denominator === 0 ? null : cents(numerator / denominator));
const percent = (numerator: number, denominator: number) => (denominator === 0 ? null : cents((numerator / denominator) * 100));
/** The end of what has happened: a period reaching past now ends now. */
const periodEnd = ({ scope, now }: KpiContext) => Math.min(scope.end, now);
const typeLabel = sql.join(
  Object.entries(WORK_ORDER_TYPE_LABELS).map(([type, label]) => sql`when ${type} then ${label}`),
  sql` `,
);
const typeLabelOf = (column: SQL) => sql`case ${column} ${typeLabel} else ${column} end`;

/** Assets the KPI covers: the named ones, else every current (not archived) asset. */
const inScope = ({ scope }: KpiContext, assetColumn: SQL): SQL =>
  scope.assets.length > 0
    ? sql`${assetColumn} = any(${sql`array[${sql.join(scope.assets.map((id) => sql`${id}`), sql`, `)}]::text[]`})`
    : sql`${assetColumn} in (select ${assets._id} from ${assets} where ${assets.archivedAt} is null)`;

const scopedAssets = (context: KpiContext): SQL =>
  sql`select ${assets._id} as id, ${assets.name} as name from ${assets} where ${inScope(context, sql`${assets._id}`)}`;

/**
 * Names come by left joins on primary keys: a figure reads none of them, and PostgreSQL then leaves
 * those joins out (join removal) — the figure folds the same rows without paying for their names.
 */
const assetName = sql`coalesce(${assets.name}, '')`;
const orderColumns = sql`${w._id} as "_id", ${w._id} as "workOrder", ${w.title} as "title", ${assetName} as "assetName", ${w.asset} as "asset"`;

const STATEMENTS: Record<KpiName, KpiStatement> = {
  mtbf: {
    // A row counts only the downtime no earlier row of its asset already covered: two orders
    // for one stop (or overlapping stops) take the asset's operating time once.
    counted: (context) => {
      const { start } = context.scope;
      const end = periodEnd(context);
      return sql`select "_id", "workOrder", "title", "assetName", "asset", "type", "typeLabel", "downtimeStart", "downtimeEnd",
          round((greatest(0, clipped_end - greatest(clipped_start, coalesce(covered, clipped_start))) / ${HOUR_MS}::numeric), 2)::float8 as "downHours",
          "failure"
        from (
          select ${orderColumns}, ${w.type} as "type", ${typeLabelOf(sql`${w.type}`)} as "typeLabel",
            ${w.downtimeStart} as "downtimeStart", ${w.downtimeEnd} as "downtimeEnd",
            greatest(${w.downtimeStart}, ${start}::bigint) as clipped_start,
            least(coalesce(${w.downtimeEnd}, ${end}::bigint), ${end}::bigint) as clipped_end,
            max(least(coalesce(${w.downtimeEnd}, ${end}::bigint), ${end}::bigint)) over (
              partition by ${w.asset} order by greatest(${w.downtimeStart}, ${start}::bigint), ${w._id} rows between unbounded preceding and 1 preceding
            ) as covered,
            (${w.type} = 'corrective' and ${w.downtimeStart} >= ${start}::bigint and ${w.downtimeStart} < ${end}::bigint) as "failure"
          from ${w} left join ${assets} on ${assets._id} = ${w.asset}
          where ${w.downtimeStart} is not null and ${w.downtimeStart} < ${end}::bigint and coalesce(${w.downtimeEnd}, ${end}::bigint) > ${start}::bigint
            and ${inScope(context, sql`${w.asset}`)}
        ) spans`;
    },
    // Operating hours: every asset in scope over the period, less the downtime in it.
    figure: (context) => ({
      numerator: sql`(select count(*) from (${scopedAssets(context)}) s) * ${(periodEnd(context) - context.scope.start) / HOUR_MS}::float8 - coalesce(sum(c."downHours"), 0)`,
      denominator: sql`count(*) filter (where c."failure")`,
    }),
    value: ratio,
    order: sql`"downtimeStart" desc, "_id"`,
  },
  mttr: {
    counted: (context) => sql`select ${orderColumns}, ${w.downtimeStart} as "downtimeStart", ${w.downtimeEnd} as "downtimeEnd",
        round(((${w.downtimeEnd} - ${w.downtimeStart}) / ${HOUR_MS}::numeric), 2)::float8 as "repairHours"
      from ${w} left join ${assets} on ${assets._id} = ${w.asset}
      where ${w.type} = 'corrective' and ${w.downtimeStart} is not null
        and ${w.downtimeEnd} >= ${context.scope.start}::bigint and ${w.downtimeEnd} < ${periodEnd(context)}::bigint
        and ${inScope(context, sql`${w.asset}`)}`,
    figure: () => ({ numerator: sql`coalesce(sum(c."repairHours"), 0)`, denominator: sql`count(*)` }),
    value: ratio,
    order: sql`"downtimeEnd" desc, "_id"`,
  },
  pmCompliance: {
    counted: (context) => sql`select ${orderColumns}, ${w.endTimestamp} as "due", ${w.completedAt} as "completedAt",
        (${w.completedAt} is not null and ${w.completedAt} <= ${w.endTimestamp}) as "onTime"
      from ${w} left join ${assets} on ${assets._id} = ${w.asset}
      where ${w.type} = 'preventive' and ${w.endTimestamp} >= ${context.scope.start}::bigint and ${w.endTimestamp} < ${periodEnd(context)}::bigint
        and ${inScope(context, sql`${w.asset}`)}`,
    figure: () => ({ numerator: sql`count(*) filter (where c."onTime")`, denominator: sql`count(*)` }),
    value: percent,
    order: sql`"due" desc, "_id"`,
  },
  plannedPercentage: {
    counted: (context) => {
      const l = workOrderLabour;
      return sql`select ${l._id} as "_id", ${w._id} as "workOrder", ${w.title} as "title", ${assetName} as "assetName", ${w.asset} as "asset",
          ${typeLabelOf(sql`${w.type}`)} as "typeLabel", coalesce(nullif(${users.name}, ''), ${users.username}, '') as "userName",
          ${l.startedAt} as "startedAt", ${l.endedAt} as "endedAt",
          round(((${l.endedAt} - ${l.startedAt}) / ${HOUR_MS}::numeric), 2)::float8 as "hours",
          (${w.type} in (${sql.join(PLANNED_TYPES.map((type) => sql`${type}`), sql`, `)})) as "planned"
        from ${l} join ${w} on ${w._id} = ${l.workOrder} left join ${assets} on ${assets._id} = ${w.asset} left join ${users} on ${users._id} = ${l.user}
        where ${l.endedAt} is not null and ${l.startedAt} >= ${context.scope.start}::bigint and ${l.startedAt} < ${periodEnd(context)}::bigint
          and ${inScope(context, sql`${w.asset}`)}`;
    },
    figure: () => ({ numerator: sql`coalesce(sum(c."hours") filter (where c."planned"), 0)`, denominator: sql`coalesce(sum(c."hours"), 0)` }),
    value: percent,
    order: sql`"startedAt" desc, "_id"`,
  },
  backlogWeeks: {
    counted: (context) => sql`select ${orderColumns}, ${w.status} as "status", ${w.endTimestamp} as "due", ${w.estimatedHours} as "estimatedHours"
      from ${w} left join ${assets} on ${assets._id} = ${w.asset}
      where ${w.completedAt} is null and ${w.status} = any(${sql`array[${sql.join(context.backlog.readyStatuses.map((status) => sql`${status}`), sql`, `)}]::text[]`})
        and ${inScope(context, sql`${w.asset}`)}`,
    figure: (context) => ({ numerator: sql`coalesce(sum(c."estimatedHours"), 0)`, denominator: sql`${context.backlog.weeklyCrewHours}::float8` }),
    value: ratio,
    order: sql`"due", "_id"`,
  },
  alertAcknowledge: {
    counted: (context) => sql`select ${alerts._id} as "_id", ${alerts._id} as "alert", ${assetName} as "assetName", ${alerts.asset} as "asset",
        coalesce(${alertLevels.name}, '') as "levelName", ${alerts.timestamp} as "raisedAt", ${alerts.acknowledgedAt} as "acknowledgedAt",
        coalesce(nullif(${users.name}, ''), ${users.username}, '') as "acknowledgedByName",
        round((greatest(${alerts.acknowledgedAt} - ${alerts.timestamp}, 0) / 60000::numeric), 2)::float8 as "minutes"
      from ${alerts} left join ${assets} on ${assets._id} = ${alerts.asset} left join ${alertLevels} on ${alertLevels._id} = ${alerts.level}
        left join ${users} on ${users._id} = ${alerts.acknowledgedBy}
      where ${alerts.acknowledgedAt} is not null and ${alerts.timestamp} >= ${context.scope.start}::bigint and ${alerts.timestamp} < ${periodEnd(context)}::bigint
        and ${inScope(context, sql`${alerts.asset}`)}`,
    figure: () => ({ numerator: sql`coalesce(sum(c."minutes"), 0)`, denominator: sql`count(*)` }),
    value: ratio,
    order: sql`"raisedAt" desc, "_id"`,
  },
  alertResolve: {
    counted: (context) => sql`select ${alerts._id} as "_id", ${alerts._id} as "alert", ${assetName} as "assetName", ${alerts.asset} as "asset",
        coalesce(${alertLevels.name}, '') as "levelName", ${alerts.timestamp} as "raisedAt", ${alerts.resolvedAt} as "resolvedAt",
        coalesce(nullif(${users.name}, ''), ${users.username}, '') as "resolvedByName",
        round((greatest(${alerts.resolvedAt} - ${alerts.timestamp}, 0) / ${HOUR_MS}::numeric), 2)::float8 as "hours"
      from ${alerts} left join ${assets} on ${assets._id} = ${alerts.asset} left join ${alertLevels} on ${alertLevels._id} = ${alerts.level}
        left join ${users} on ${users._id} = ${alerts.resolvedBy}
      where ${alerts.resolvedAt} is not null and ${alerts.timestamp} >= ${context.scope.start}::bigint and ${alerts.timestamp} < ${periodEnd(context)}::bigint
        and ${inScope(context, sql`${alerts.asset}`)}`,
    figure: () => ({ numerator: sql`coalesce(sum(c."hours"), 0)`, denominator: sql`count(*)` }),
    value: ratio,
    order: sql`"raisedAt" desc, "_id"`,
  },
  costPerAsset: {
    counted: (context) => {
      const l = workOrderLabour;
      const p = workOrderParts;
      const { start } = context.scope;
      const end = periodEnd(context);
      return sql`select s.id as "_id", s.id as "asset", s.name as "assetName",
          coalesce(labour.cost, 0)::float8 as "labourCost", coalesce(parts.cost, 0)::float8 as "partsCost",
          (coalesce(labour.cost, 0) + coalesce(parts.cost, 0))::float8 as "total"
        from (${scopedAssets(context)}) s
        left join (
          -- Summed per order first: the join to the orders then meets one row per order, not per entry.
          select ${w.asset} as asset, sum(per_order.cost) as cost
          from (
            select ${l.workOrder} as work_order, sum(round(((${l.endedAt} - ${l.startedAt}) / ${HOUR_MS}::numeric) * ${l.hourlyRate}, 2)) as cost
            from ${l}
            where ${l.endedAt} is not null and ${l.hourlyRate} is not null and ${l.startedAt} >= ${start}::bigint and ${l.startedAt} < ${end}::bigint
            group by 1
          ) per_order join ${w} on ${w._id} = per_order.work_order
          group by 1
        ) labour on labour.asset = s.id
        left join (
          select ${w.asset} as asset, sum(per_order.cost) as cost
          from (
            select ${p.workOrder} as work_order, sum(round(${p.quantity} * ${p.unitCost}, 2)) as cost
            from ${p}
            where ${p.unitCost} is not null and ${p.usedAt} >= ${start}::bigint and ${p.usedAt} < ${end}::bigint
            group by 1
          ) per_order join ${w} on ${w._id} = per_order.work_order
          group by 1
        ) parts on parts.asset = s.id`;
    },
    figure: () => ({ numerator: sql`coalesce(sum(c."total"), 0)`, denominator: sql`count(*)` }),
    value: ratio,
    order: sql`"total" desc, lower("assetName"), "_id"`,
  },
};

/** The KPI's figure over its scope: one statement over the rows it counts. */
export async function kpiFigure(db: Executor, name: KpiName, context: KpiContext): Promise<KpiFigure> {
  const statement = STATEMENTS[name];
  const { numerator, denominator } = statement.figure(context);
  const result = (await db.execute(sql`select (${numerator})::float8 as numerator, (${denominator})::float8 as denominator, count(*)::int as rows
    from (${statement.counted(context)}) c`)) as unknown as { rows: { numerator: number | null; denominator: number | null; rows: number }[] };
  const row = result.rows[0];
  const n = cents(Number(row?.numerator ?? 0));
  const d = cents(Number(row?.denominator ?? 0));
  const definition = KPI_DEFINITIONS[name];
  return {
    kpi: name,
    label: definition.label,
    formula: definition.formula,
    unit: definition.unit,
    source: definition.source,
    value: statement.value(n, d),
    numerator: n,
    denominator: d,
    rows: row?.rows ?? 0,
    scope: context.scope,
    until: periodEnd(context),
  };
}

/** A page of the rows the KPI counts, in its order, and how many there are. */
/** How the drill-down's reader wants the rows: sorted by one of the KPI's fields, searched in its text fields. */
export interface KpiRowsView {
  sort?: { field: string; direction: 'asc' | 'desc' };
  /** Case-insensitive substring of any text field (names, titles, types, statuses). */
  search?: string;
}

/**
 * A page of the rows a KPI counted, with `total` (every row counted: the figure's rows) and
 * `matching` (those the search keeps, what the pages run through). The sort and the search fields
 * are the KPI's own fields, checked by the caller; ties keep the KPI's order.
 */
export async function kpiRows(db: Executor, name: KpiName, context: KpiContext, page: { offset: number; limit: number }, view: KpiRowsView = {}): Promise<KpiRows> {
  const statement = STATEMENTS[name];
  const fields = KPI_DEFINITIONS[name].fields;
  const order = view.sort ? sql`${sql.identifier(view.sort.field)} ${sql.raw(view.sort.direction)} nulls last, ${statement.order}` : statement.order;
  const search = view.search?.trim() ?? '';
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const textFields = fields.filter((field) => field.kind === 'text');
  const where =
    search === '' || textFields.length === 0
      ? sql``
      : sql`where ${sql.join(textFields.map((field) => sql`${sql.identifier(field.dataField)}::text ilike ${pattern}`), sql` or `)}`;
  const result = (await db.execute(sql`with counted as materialized (${statement.counted(context)}),
      matching as (select * from counted c ${where})
    select coalesce((select json_agg(paged order by ${order}) from (select * from matching order by ${order} limit ${page.limit} offset ${page.offset}) paged), '[]'::json)::text as body,
      (select count(*)::int from counted) as total,
      (select count(*)::int from matching) as matching`)) as unknown as {
    rows: { body: string; total: number; matching: number }[];
  };
  const row = result.rows[0];
  return { kpi: name, fields, rows: JSON.parse(row?.body ?? '[]') as Record<string, unknown>[], total: row?.total ?? 0, matching: row?.matching ?? 0 };
}
