import { bigint, bigserial, boolean, doublePrecision, index, integer, jsonb, numeric, pgTable, primaryKey, text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { customType } from 'drizzle-orm/pg-core';
import type { AttributeValue, SeverityLevel } from '../../common/resources/inspection';
import type { ChecklistGroup, ChecklistItem } from '../../common/resources/checklist';
import type { ChecklistOption, StaticAttribute } from '../../common/resources/asset';
import type { DashboardFilter, DashboardSection } from '../../common/resources/dashboard';
import type { WidgetNavigation, WidgetOptionValue } from '../../common/resources/widget';
import type { BreakerAttributes, KeyValue, TextEntry } from '../../common/thermography/note';
import type { CameraReading } from '../modules/thermography/cameraReading';
import type { DeltaT, StoredTool } from '../../common/thermography/measurementTools';
import type { AlertHistoryEntry, ExplainedRule, PointConditions } from '../../common/monitoring/alertRule';

/** Epoch milliseconds, as every time in the API (DESIGN §3). */
const epochMs = (name: string) => bigint(name, { mode: 'number' });
const nowMs = sql`(extract(epoch from now()) * 1000)::bigint`;

/** Raw bytes; PGlite answers Uint8Array, node-postgres a Buffer (a Uint8Array too). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

const timestamps = {
  createdAt: epochMs('created_at').notNull().default(nowMs),
  updatedAt: epochMs('updated_at').notNull().default(nowMs),
};

/**
 * When a record that history refers to was "deleted" (docs/administration.md, "Archived records"):
 * it stays for the inspections, alerts and schedules naming it, hidden from lists and new work.
 * Null while current.
 */
const archivable = {
  archivedAt: epochMs('archived_at'),
};

export const permissions = pgTable('permissions', {
  _id: text('id').primaryKey(),
  name: text('name').notNull().unique(),
  ...timestamps,
});

export interface RoleTable {
  table: string;
  default: boolean;
}

export const roles = pgTable('roles', {
  _id: text('id').primaryKey(),
  name: text('name').notNull().unique(),
  dashboard: text('dashboard'),
  /** Permission ids (spec §3). */
  permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
  tables: jsonb('tables').$type<RoleTable[]>().notNull().default(sql`'[]'::jsonb`),
  ...timestamps,
});

export interface BannerValue {
  color: string;
  message: string;
}

export const users = pgTable(
  'users',
  {
    _id: text('id').primaryKey(),
    name: text('name').notNull().default(''),
    email: text('email').notNull().default(''),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role'),
    /** Null is shown and treated as active (spec §3). */
    status: text('status'),
    /** Direct permission ids (spec §3). */
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    moduleWhitelist: text('module_whitelist').array().notNull().default(sql`'{}'::text[]`),
    dashboardId: text('dashboard_id'),
    banner: jsonb('banner').$type<BannerValue | null>(),
    customAttributes: jsonb('custom_attributes').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    /** What an hour of this user's work costs (DESIGN §18); a labour entry keeps the rate of its day. */
    hourlyRate: numeric('hourly_rate', { precision: 12, scale: 2, mode: 'number' }),
    /** Bumped on a password change or deactivation; tokens carry it, so older tokens stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${table.username})`),
    index('users_role_idx').on(table.role),
  ],
);

export const configEntries = pgTable('config_entries', {
  _id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  description: text('description').notNull().default(''),
  value: text('value').notNull().default(''),
  ...timestamps,
});

/** Values the server keeps for itself (e.g. the generated JWT secret); never served. */
export const serverSecrets = pgTable('server_secrets', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** Failed sign-in attempts per key (username or client address) in fixed windows. */
export const loginAttempts = pgTable('login_attempts', {
  key: text('key').primaryKey(),
  windowStart: epochMs('window_start').notNull(),
  failures: integer('failures').notNull().default(0),
});

/** A unique index on lower(name): names differ by more than letter case. */
const uniqueLowerName = (tableName: string) => (table: { name: AnyPgColumn }) => [
  uniqueIndex(`${tableName}_name_lower_idx`).on(sql`lower(${table.name})`),
];

export const scripts = pgTable(
  'scripts',
  {
    _id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    code: text('code').notNull().default(''),
    ...timestamps,
  },
  uniqueLowerName('scripts'),
);

export const attributes = pgTable(
  'attributes',
  {
    _id: text('id').primaryKey(),
    name: text('name').notNull(),
    technicalName: text('technical_name').notNull().default(''),
    description: text('description').notNull().default(''),
    type: text('type').notNull(),
    isMandatory: boolean('is_mandatory').notNull().default(false),
    allowComment: boolean('allow_comment').notNull().default(false),
    options: jsonb('options').$type<{ values: string[] }>().notNull().default(sql`'{"values":[]}'::jsonb`),
    ...timestamps,
    ...archivable,
  },
  (table) => [
    uniqueIndex('attributes_name_lower_idx').on(sql`lower(${table.name})`),
    uniqueIndex('attributes_technical_name_idx').on(table.technicalName).where(sql`${table.technicalName} <> ''`),
  ],
);

export const checklists = pgTable(
  'checklists',
  {
    _id: text('id').primaryKey(),
    name: text('name').notNull(),
    frequency: text('frequency').notNull().default(''),
    scripts: text('scripts').array().notNull().default(sql`'{}'::text[]`),
    checklistItems: jsonb('checklist_items').$type<ChecklistItem[]>().notNull().default(sql`'[]'::jsonb`),
    groups: jsonb('groups').$type<ChecklistGroup[]>().notNull().default(sql`'[]'::jsonb`),
    ...timestamps,
    ...archivable,
  },
  uniqueLowerName('checklists'),
);

export const assets = pgTable(
  'assets',
  {
    _id: text('id').primaryKey(),
    name: text('name').notNull(),
    identification: text('identification').notNull().default(''),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    checklists: text('checklists').array().notNull().default(sql`'{}'::text[]`),
    staticAttributes: jsonb('static_attributes').$type<StaticAttribute[]>().notNull().default(sql`'[]'::jsonb`),
    checklistOptions: jsonb('checklist_options').$type<ChecklistOption[]>().notNull().default(sql`'[]'::jsonb`),
    message: text('message').notNull().default(''),
    ...timestamps,
    ...archivable,
  },
  (table) => [
    uniqueIndex('assets_name_lower_idx').on(sql`lower(${table.name})`),
    index('assets_identification_idx').on(table.identification),
    index('assets_checklists_idx').using('gin', table.checklists),
  ],
);

/** Spec §3 alert levels; DESIGN §5: a threshold without a level raises the most severe (rank 1). */
export const alertLevels = pgTable('alert_levels', {
  _id: text('id').primaryKey(),
  name: text('name').notNull().unique(),
  color: text('color').notNull(),
  technicalName: text('technical_name').notNull().unique(),
  rank: integer('rank').notNull(),
  ...timestamps,
});

/** Table records (spec §3): the table screens' definitions come from their script. */
export const tableDefinitions = pgTable(
  'table_definitions',
  {
    _id: text('id').primaryKey(),
    name: text('name').notNull(),
    type: text('type').notNull().default('asset'),
    script: text('script'),
    ...timestamps,
  },
  uniqueLowerName('table_definitions'),
);

/** Spec §3 Dashboard: filters, and sections holding the widget items. */
export const dashboards = pgTable(
  'dashboards',
  {
    _id: text('id').primaryKey(),
    name: text('name').notNull(),
    filters: jsonb('filters').$type<DashboardFilter[]>().notNull().default([]),
    sections: jsonb('sections').$type<DashboardSection[]>().notNull().default([]),
    ...timestamps,
  },
  uniqueLowerName('dashboards'),
);

/** Spec §3 Widget: its script answers the data its type draws. */
export const widgets = pgTable(
  'widgets',
  {
    _id: text('id').primaryKey(),
    name: text('name').notNull(),
    type: text('type').notNull().default('string'),
    script: text('script'),
    options: jsonb('options').$type<Record<string, WidgetOptionValue>>().notNull().default({}),
    navigation: jsonb('navigation').$type<WidgetNavigation | null>(),
    ...timestamps,
  },
  uniqueLowerName('widgets'),
);

export interface AuditChange {
  field: string;
  from: unknown;
  to: unknown;
}

/** Who changed which administration record when, field by field (old → new). */
export const auditLog = pgTable(
  'audit_log',
  {
    _id: text('id').primaryKey(),
    /** Orders entries written within the same millisecond. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    entity: text('entity').notNull(),
    recordId: text('record_id').notNull(),
    action: text('action').notNull(),
    userId: text('user_id'),
    userName: text('user_name').notNull().default(''),
    at: epochMs('at').notNull(),
    changes: jsonb('changes').$type<AuditChange[]>().notNull().default(sql`'[]'::jsonb`),
  },
  (table) => [index('audit_log_record_idx').on(table.entity, table.recordId, table.at)],
);

/** Spec §3 Inspection: one per checklist of a submission (DESIGN §5). */
export const inspections = pgTable(
  'inspections',
  {
    _id: text('id').primaryKey(),
    timestamp: epochMs('timestamp').notNull(),
    user: text('user_id').notNull(),
    checklist: text('checklist_id'),
    asset: text('asset_id').notNull(),
    attributeData: jsonb('attribute_data').$type<AttributeValue[]>().notNull().default(sql`'[]'::jsonb`),
    attributeComments: jsonb('attribute_comments').$type<AttributeValue[]>().notNull().default(sql`'[]'::jsonb`),
    /** null = maintenance; 'ThermographyInspection' for thermography (spec §3), whose records are thermography_notes. */
    type: text('type'),
    /** The work order whose procedure this inspection filled (DESIGN §18); one per order. */
    workOrder: text('work_order_id'),
    createdAt: epochMs('created_at').notNull().default(nowMs),
  },
  (table) => [
    uniqueIndex('inspections_work_order_idx').on(table.workOrder),
    index('inspections_asset_time_idx').on(table.asset, table.timestamp),
    index('inspections_user_time_idx').on(table.user, table.timestamp),
    index('inspections_time_idx').on(table.timestamp),
    index('inspections_checklist_idx').on(table.checklist),
  ],
);

/** Spec §3 Alert; remark, resolver and resolvedAt per DESIGN §5. */
export const alerts = pgTable(
  'alerts',
  {
    _id: text('id').primaryKey(),
    /** null for alerts a job raises (e.g. an overdue inspection schedule). */
    inspection: text('inspection_id'),
    asset: text('asset_id').notNull(),
    checklist: text('checklist_id'),
    attribute: text('attribute_id'),
    /** Thermography record within the inspection (GET inspection/{id}/{recordId}/alert). */
    record: text('record_id'),
    level: text('level_id').notNull(),
    message: text('message').notNull().default(''),
    timestamp: epochMs('timestamp').notNull(),
    severityLevel: jsonb('severity_level').$type<SeverityLevel>().notNull(),
    /** null for checklist alerts; 'ThermographyAlert' is left out of the asset's alert list. */
    type: text('type'),
    remark: text('remark'),
    resolvedBy: text('resolved_by'),
    resolvedAt: epochMs('resolved_at'),
    createdAt: epochMs('created_at').notNull().default(nowMs),
    /** A measurement point's alert (DESIGN §17): its point and level, and what common/monitoring/alertRule.ts keeps. */
    point: text('point_id'),
    pointLevel: text('point_level'),
    repeats: integer('repeats').notNull().default(0),
    lastValue: doublePrecision('last_value'),
    lastAt: epochMs('last_at'),
    worstValue: doublePrecision('worst_value'),
    worstAt: epochMs('worst_at'),
    /** When the condition last re-armed; null while in alarm. */
    clearedAt: epochMs('cleared_at'),
    /** Who first took the alert on (DESIGN §18: mean time to acknowledge); resolving acknowledges too. */
    acknowledgedBy: text('acknowledged_by'),
    acknowledgedAt: epochMs('acknowledged_at'),
    /** The rule and the firings and clears (alertRule.ts's ExplainedRule and history). */
    explanation: jsonb('explanation').$type<{ rule: ExplainedRule; history: AlertHistoryEntry[] }>(),
  },
  (table) => [
    // One open alert per point and level, whichever process fires it.
    uniqueIndex('alerts_open_point_level_idx').on(table.point, table.pointLevel).where(sql`${table.resolvedAt} is null and ${table.point} is not null`),
    index('alerts_asset_time_idx').on(table.asset, table.timestamp),
    index('alerts_inspection_idx').on(table.inspection),
    index('alerts_time_idx').on(table.timestamp),
    index('alerts_open_idx').on(table.timestamp).where(sql`${table.resolvedAt} is null`),
  ],
);

/**
 * `[start, end]` of a record as one range, for "overlaps the period" reads: a GiST index on it
 * finds a month's rows without walking every earlier one, as a btree on start would. least and
 * greatest: a row stored before start ≤ end was checked must not stop the index being built.
 * Reads use this same expression, or the index does not apply.
 */
export const periodRange = (table: { start: AnyPgColumn; end: AnyPgColumn }) =>
  sql`int8range(least(${table.start}, ${table.end}), greatest(${table.start}, ${table.end}), '[]')`;

/** Spec §3 Inspection schedule; an inspection in its window completes it (DESIGN §5). */
export const inspectionSchedules = pgTable(
  'inspection_schedules',
  {
    _id: text('id').primaryKey(),
    asset: text('asset_id').notNull(),
    checklists: text('checklists').array().notNull().default(sql`'{}'::text[]`),
    start: epochMs('start').notNull(),
    end: epochMs('end').notNull(),
    inspections: text('inspections').array().notNull().default(sql`'{}'::text[]`),
    /** Made by the schedule planner from a checklist's frequency (docs/schedules-calendar.md). */
    generated: boolean('generated').notNull().default(false),
    /** Changed by a person since: the planner never touches it again. */
    edited: boolean('edited').notNull().default(false),
    ...timestamps,
  },
  (table) => [
    index('inspection_schedules_asset_window_idx').on(table.asset, table.start, table.end),
    index('inspection_schedules_window_idx').on(table.start, table.end),
    index('inspection_schedules_period_idx').using('gist', periodRange(table)),
  ],
);

/**
 * Windows the schedule planner has planned, one row per asset, checklist and window start, kept
 * when the schedule is deleted: the key makes a window planned once across processes and runs,
 * and a schedule an engineer deleted is not planned again.
 */
export const inspectionSchedulePlans = pgTable(
  'inspection_schedule_plans',
  {
    asset: text('asset_id').notNull(),
    checklist: text('checklist_id').notNull(),
    windowStart: epochMs('window_start').notNull(),
    windowEnd: epochMs('window_end').notNull(),
    /** The schedule made for the window (null once it is deleted). */
    schedule: text('schedule_id'),
    plannedAt: epochMs('planned_at').notNull().default(nowMs),
  },
  (table) => [primaryKey({ columns: [table.asset, table.checklist, table.windowStart] }), index('inspection_schedule_plans_schedule_idx').on(table.schedule)],
);

/** Spec §3 Calendar entry; its type is an entry type id of the config entry calendar.entryTypes. */
export const calendarEntries = pgTable(
  'calendar_entries',
  {
    _id: text('id').primaryKey(),
    name: text('name').notNull().default(''),
    type: text('type').notNull(),
    start: epochMs('start').notNull(),
    end: epochMs('end').notNull(),
    /** Values of the calendar config's custom field definitions, by key. */
    customAttributes: jsonb('custom_attributes').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    color: text('color'),
    /** false: an all-day entry. */
    timed: boolean('timed').notNull().default(false),
    disableDelete: boolean('disable_delete').notNull().default(false),
    ...timestamps,
  },
  (table) => [
    index('calendar_entries_period_idx').using('gist', periodRange(table)),
    index('calendar_entries_attributes_idx').using('gin', sql`${table.customAttributes} jsonb_path_ops`),
    index('calendar_entries_type_idx').on(table.type),
  ],
);

/** Files live in the database (DESIGN §1, §9), served only to users who may read their owner. */
export const files = pgTable(
  'files',
  {
    _id: text('id').primaryKey(),
    name: text('name').notNull().default(''),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    uploadedBy: text('uploaded_by').notNull(),
    /** 'inspection' once a submission uses it; null while only its uploader may read it. */
    ownerType: text('owner_type'),
    ownerId: text('owner_id'),
    createdAt: epochMs('created_at').notNull().default(nowMs),
  },
  // files_uploader_idx: the hourly upload quota sums one user's recent uploads (modules/files/uploadQuota.ts).
  (table) => [index('files_owner_idx').on(table.ownerType, table.ownerId), index('files_uploader_idx').on(table.uploadedBy, table.createdAt)],
);

/** Spec §3 Report: its script builds a document model the server renders (issue 5). */
export const reports = pgTable(
  'reports',
  {
    _id: text('id').primaryKey(),
    name: text('name').notNull(),
    formats: text('formats').array().notNull().default(sql`'{}'::text[]`),
    script: text('script'),
    ...timestamps,
  },
  uniqueLowerName('reports'),
);

/** Spec §3 Job: its script runs on its cron expression, evaluated in UTC (DESIGN §9). */
export const jobs = pgTable(
  'jobs',
  {
    _id: text('id').primaryKey(),
    name: text('name').notNull(),
    cronExpression: text('cron_expression').notNull().default(''),
    active: boolean('active').notNull().default(false),
    script: text('script'),
    ...timestamps,
  },
  uniqueLowerName('jobs'),
);

/** One row per job and tick: the unique key makes each tick run once across all processes. */
export const jobRuns = pgTable(
  'job_runs',
  {
    _id: text('id').primaryKey(),
    job: text('job_id').notNull(),
    /** The scheduled minute (epoch ms) this run belongs to; manual runs use their start time. */
    tick: epochMs('tick').notNull(),
    startedAt: epochMs('started_at').notNull(),
    durationMs: integer('duration_ms'),
    /** 'running', 'ok' or 'error'. */
    outcome: text('outcome').notNull().default('running'),
    error: text('error'),
    /** What the run wrote through the job write API, for the run log. */
    summary: jsonb('summary').$type<Record<string, unknown>>(),
  },
  (table) => [uniqueIndex('job_runs_job_tick_idx').on(table.job, table.tick), index('job_runs_job_started_idx').on(table.job, table.startedAt)],
);

/**
 * Spec §3 Thermography record / note (DESIGN §8): one image record of a ThermographyInspection,
 * a row of its own so each note is edited, approved and queried by itself. Image columns hold file
 * ids (the API serves them as file URLs).
 */
export const thermographyNotes = pgTable(
  'thermography_notes',
  {
    _id: text('id').primaryKey(),
    inspection: text('inspection_id').notNull(),
    asset: text('asset_id').notNull(),
    /** The inspection's time, kept here so tables and charts need no join. */
    timestamp: epochMs('timestamp').notNull(),
    /** Order within the inspection: the order the technician entered the notes. */
    position: integer('position').notNull(),
    imageNumber: text('image_number').notNull(),
    identification: text('identification').notNull().default(''),
    /** The technician's text with the breaker line folded in (common/thermography/breakerFold.ts). */
    note: text('note').notNull().default(''),
    /** The breaker data as entered, besides its folded line. */
    breakerAttributes: jsonb('breaker_attributes').$type<BreakerAttributes | null>(),
    ambientTemperature: doublePrecision('ambient_temperature'),
    severityLevel: text('severity_level'),
    status: text('status').notNull().default('draft'),
    thermalImage: text('thermal_image_file_id'),
    realImage: text('real_image_file_id'),
    /** The real image before its first edit in the image editor; kept and viewable. */
    originalRealImage: text('original_real_image_file_id'),
    measurements: jsonb('measurements').$type<KeyValue[]>().notNull().default(sql`'[]'::jsonb`),
    parameters: jsonb('parameters').$type<KeyValue[]>().notNull().default(sql`'[]'::jsonb`),
    observations: jsonb('observations').$type<TextEntry[]>().notNull().default(sql`'[]'::jsonb`),
    recommendations: jsonb('recommendations').$type<TextEntry[]>().notNull().default(sql`'[]'::jsonb`),
    /** What the camera wrote into the thermal image (values and radiometry), for corrections. */
    camera: jsonb('camera').$type<CameraReading | null>(),
    /** Measurement tools on the thermal picture with what the server measured (common/thermography/measurementTools.ts). */
    tools: jsonb('tools').$type<StoredTool[]>().notNull().default(sql`'[]'::jsonb`),
    /** ΔT between tools, or a tool and the ambient or reference (values worked out on read). */
    deltaTs: jsonb('delta_ts').$type<DeltaT[]>().notNull().default(sql`'[]'::jsonb`),
    /** A note of the same asset this one is compared with (suggested severity over a similar component). */
    referenceNote: text('reference_note_id'),
    /** The load at the time of the scan, % of rated (NFPA 70B 7.4.5, 7.4.6). */
    loadPercent: doublePrecision('load_percent'),
    /** The severity criterion the suggestion grades by (common/thermography/suggestedSeverity.ts). */
    criterion: text('criterion').notNull().default('neta-mts'),
    createdBy: text('created_by').notNull(),
    approvedBy: text('approved_by'),
    approvedAt: epochMs('approved_at'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('thermography_notes_inspection_number_idx').on(table.inspection, sql`lower(${table.imageNumber})`),
    index('thermography_notes_asset_time_idx').on(table.asset, table.timestamp),
    index('thermography_notes_status_time_idx').on(table.status, table.timestamp),
  ],
);

/**
 * Spec §3 Work order with DESIGN §11's `alert` and `description`. An alert opens at most one order
 * (the unique index makes the alert → order rule once per alert across processes).
 */
export const workOrders = pgTable(
  'work_orders',
  {
    _id: text('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').notNull(),
    priority: text('priority').notNull(),
    asset: text('asset_id').notNull(),
    assignedTo: text('assigned_to').notNull(),
    startTimestamp: epochMs('start_timestamp').notNull(),
    endTimestamp: epochMs('end_timestamp').notNull(),
    alert: text('alert_id'),
    /** DESIGN §18 (common/resources/workAccounting.ts WORK_ORDER_TYPES). */
    type: text('type').notNull().default('corrective'),
    /** Hours the work is expected to take: the backlog counts them. */
    estimatedHours: doublePrecision('estimated_hours'),
    /** The asset stopped (downtime start) and ran again (null while it is still down). */
    downtimeStart: epochMs('downtime_start'),
    downtimeEnd: epochMs('downtime_end'),
    /** A checklist the technician fills as part of the work (its inspection names the order). */
    procedure: text('procedure_checklist_id'),
    /** Set by the server when the order becomes Completed. */
    completedBy: text('completed_by'),
    completedAt: epochMs('completed_at'),
    createdBy: text('created_by'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('work_orders_alert_idx').on(table.alert),
    index('work_orders_asset_type_idx').on(table.asset, table.type),
    index('work_orders_completed_idx').on(table.completedAt),
    // The KPIs' periods (docs/kpis.md): downtime begun or ended, preventive orders due.
    index('work_orders_downtime_start_idx').on(table.downtimeStart),
    index('work_orders_downtime_end_idx').on(table.downtimeEnd),
    index('work_orders_type_due_idx').on(table.type, table.endTimestamp),
    index('work_orders_assignee_idx').on(table.assignedTo, table.startTimestamp),
    index('work_orders_start_idx').on(table.startTimestamp, table._id),
    index('work_orders_period_idx').using('gist', sql`int8range(${table.startTimestamp}, ${table.endTimestamp}, '[]')`),
    index('work_orders_status_idx').on(table.status),
  ],
);

/** An order's activity log (spec §3 `activity`): comments, and the status changes the server records. */
export const workOrderActivity = pgTable(
  'work_order_activity',
  {
    _id: text('id').primaryKey(),
    workOrder: text('work_order_id').notNull(),
    user: text('user_id').notNull(),
    comment: text('comment').notNull(),
    statusFrom: text('status_from'),
    statusTo: text('status_to'),
    /** Photos taken with the comment (file ids; their files are owned by the order). */
    photos: text('photos').array().notNull().default(sql`'{}'::text[]`),
    createdAt: epochMs('created_at').notNull().default(nowMs),
  },
  (table) => [index('work_order_activity_order_idx').on(table.workOrder, table.createdAt)],
);

/**
 * Hours worked on an order (DESIGN §18): who, from when to when (no end: a timer still running,
 * one per person and order), and the person's hourly rate when it was recorded — a later change
 * of rate does not rewrite what past work cost.
 */
export const workOrderLabour = pgTable(
  'work_order_labour',
  {
    _id: text('id').primaryKey(),
    workOrder: text('work_order_id').notNull(),
    user: text('user_id').notNull(),
    startedAt: epochMs('started_at').notNull(),
    endedAt: epochMs('ended_at'),
    hourlyRate: numeric('hourly_rate', { precision: 12, scale: 2, mode: 'number' }),
    note: text('note').notNull().default(''),
    createdBy: text('created_by').notNull(),
    createdAt: epochMs('created_at').notNull().default(nowMs),
  },
  (table) => [
    index('work_order_labour_order_idx').on(table.workOrder, table.startedAt),
    index('work_order_labour_user_idx').on(table.user, table.startedAt),
    index('work_order_labour_started_idx').on(table.startedAt),
    uniqueIndex('work_order_labour_running_idx').on(table.workOrder, table.user).where(sql`${table.endedAt} is null`),
  ],
);

/** Spare parts used on an order (DESIGN §18): taken from stock when recorded, at the part's unit cost then. */
export const workOrderParts = pgTable(
  'work_order_parts',
  {
    _id: text('id').primaryKey(),
    workOrder: text('work_order_id').notNull(),
    part: text('part_id').notNull(),
    quantity: integer('quantity').notNull(),
    unitCost: numeric('unit_cost', { precision: 12, scale: 2, mode: 'number' }),
    usedBy: text('used_by').notNull(),
    usedAt: epochMs('used_at').notNull(),
  },
  (table) => [
    index('work_order_parts_order_idx').on(table.workOrder),
    index('work_order_parts_part_idx').on(table.part, table.usedAt),
    index('work_order_parts_used_idx').on(table.usedAt),
  ],
);

/**
 * A spare part's stock reached its reorder level (docs/work-orders.md "Parts"): raised once per
 * crossing from above the level to at or under it, by the use that crossed.
 */
export const reorderNotices = pgTable(
  'reorder_notices',
  {
    _id: text('id').primaryKey(),
    part: text('part_id').notNull(),
    quantityOnHand: integer('quantity_on_hand').notNull(),
    reorderLevel: integer('reorder_level').notNull(),
    workOrder: text('work_order_id'),
    raisedBy: text('raised_by'),
    raisedAt: epochMs('raised_at').notNull(),
  },
  (table) => [index('reorder_notices_part_idx').on(table.part, table.raisedAt), index('reorder_notices_raised_idx').on(table.raisedAt)],
);

/**
 * Alerts the alert → order rule has acted on (docs/work-orders.md): claimed in the statement that
 * opens the order and kept when the order is deleted, so the rule acts once per alert — an order
 * an engineer deleted is not opened again by the next sweep.
 */
export const workOrderAlertClaims = pgTable('work_order_alert_claims', {
  alert: text('alert_id').primaryKey(),
  claimedAt: epochMs('claimed_at').notNull().default(nowMs),
});

/**
 * DESIGN §13 (docs/offline.md, "Idempotency-Key"): a signed-in user's key → the request it was
 * first used for and that request's answer. Claimed by INSERT … ON CONFLICT DO NOTHING before the
 * handler runs, so one process across the cluster processes a key; `written` is set inside the
 * write's own transaction, so a repeat after a process died between commit and answer knows the
 * write is done. Rows older than IDEMPOTENCY_RETENTION_MS are purged by a system job.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id').notNull(),
    key: text('key').notNull(),
    /** Method, URL and SHA-256 of the JSON body (multipart: method and URL). */
    fingerprint: text('fingerprint').notNull(),
    /** A random token of the request holding the claim: a takeover gives the key a new one. */
    claim: text('claim').notNull(),
    /**
     * While pending: now + 60 s (epoch ms), for processes of releases before the claim lock, which
     * take a claim as abandoned after it while a rolling deploy replaces them. Read by no current
     * code: a claim is alive while its owner holds its lock (db/claimLocks.ts). Null once answered.
     */
    pendingUntil: epochMs('pending_until'),
    /** Set in the same transaction as the request's write: the write committed. */
    written: boolean('written').notNull().default(false),
    /** The stored answer; null while pending. */
    status: integer('status'),
    body: text('body'),
    contentType: text('content_type'),
    createdAt: epochMs('created_at').notNull().default(nowMs),
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] }), index('idempotency_keys_created_idx').on(table.createdAt)],
);

/**
 * Readings of measurement points (DESIGN §17), from sensors and inspections alike: one row per point
 * and instant, so a reading delivered twice (MQTT QoS 1) or sent again is stored once. The key is
 * the (point, time) index trends read.
 */
export const readings = pgTable(
  'readings',
  {
    point: text('point_id').notNull(),
    ts: epochMs('ts').notNull(),
    value: doublePrecision('value').notNull(),
    /** The device key that sent it; null for a technician's value. */
    deviceKey: text('device_key_id'),
    /** The inspection that recorded it; null for a sensor's. */
    inspection: text('inspection_id'),
    receivedAt: epochMs('received_at').notNull().default(nowMs),
  },
  // received_at: the compaction finds the hours that took readings since its last run (late ones too).
  (table) => [primaryKey({ columns: [table.point, table.ts] }), index('readings_received_idx').on(table.receivedAt)],
);

/**
 * A point's alerting state between readings (alertRule.ts's conditions), and its latest reading for
 * the technicians' screens. Locked while readings are evaluated, so two processes never evaluate
 * one point at once.
 */
export const pointStates = pgTable('point_states', {
  point: text('point_id').primaryKey(),
  /** The newest reading evaluated; an older one that arrives later is stored, not evaluated. */
  lastTs: epochMs('last_ts'),
  lastValue: doublePrecision('last_value'),
  conditions: jsonb('conditions').$type<PointConditions>().notNull().default({}),
  /** A counter's meter (common/monitoring/meter.ts): its highest value in its cycle, and how many times it started again. */
  meterHigh: doublePrecision('meter_high'),
  meterCycle: integer('meter_cycle').notNull().default(0),
});

/**
 * A counter point's service crossings (DESIGN §17, meter-based maintenance): one row per cycle and
 * multiple passed, inserted under the point's state lock — so each crossing opens at most one
 * work order, whatever the processes and deliveries. `workOrder` is null when nobody could be
 * assigned (docs/monitoring.md).
 */
export const meterCrossings = pgTable(
  'meter_crossings',
  {
    point: text('point_id').notNull(),
    cycle: integer('cycle').notNull(),
    at: doublePrecision('at').notNull(),
    readingTs: epochMs('reading_ts').notNull(),
    value: doublePrecision('value').notNull(),
    workOrder: text('work_order_id'),
    createdAt: epochMs('created_at').notNull().default(nowMs),
  },
  (table) => [primaryKey({ columns: [table.point, table.cycle, table.at] })],
);

/** Readings refused, by key and reason (docs/monitoring.md): what administrators see of a misbehaving gateway. */
export const readingRefusals = pgTable(
  'reading_refusals',
  {
    /** '' when the key was unknown. */
    deviceKey: text('device_key_id').notNull(),
    reason: text('reason').notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
    lastAt: epochMs('last_at').notNull(),
    /** What the last refused reading said (its topic or field), for finding the gateway's fault. */
    lastDetail: text('last_detail').notNull().default(''),
  },
  (table) => [primaryKey({ columns: [table.deviceKey, table.reason] })],
);

/** A device key's secret, apart from its record so no list or read ever carries it: SHA-256 of a random secret. */
export const deviceKeySecrets = pgTable('device_key_secrets', {
  deviceKey: text('device_key_id').primaryKey(),
  hash: text('hash').notNull(),
  issuedAt: epochMs('issued_at').notNull().default(nowMs),
});

/**
 * Hourly aggregates of readings (DESIGN §17), kept for years after the raw readings are gone:
 * written by the compaction job (server/modules/monitoring/compaction.ts) for every hour that
 * received readings since its last run. `hour` is the hour's start, epoch ms.
 */
export const readingHours = pgTable(
  'reading_hours',
  {
    point: text('point_id').notNull(),
    hour: epochMs('hour').notNull(),
    min: doublePrecision('min').notNull(),
    max: doublePrecision('max').notNull(),
    sum: doublePrecision('sum').notNull(),
    count: integer('count').notNull(),
  },
  (table) => [primaryKey({ columns: [table.point, table.hour] })],
);

/** Where the compaction job got to: readings received before `at` are in reading_hours. */
export const readingCompaction = pgTable('reading_compaction', {
  name: text('name').primaryKey(),
  at: epochMs('at').notNull(),
});
