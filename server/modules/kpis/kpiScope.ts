import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { assets } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { createConfigRepository } from '../config/config.repository';
import type { ConfigValueChecker } from '../config/configValueChecker';
import {
  BACKLOG_CONFIG_KEY,
  DEFAULT_BACKLOG,
  DEFAULT_KPI_DAYS,
  MAX_KPI_DAYS,
  type BacklogSettings,
  type KpiScope,
} from '../../../common/kpis/kpiDefinitions';

const DAY_MS = 86_400_000;
const MAX_ASSETS = 200;
const MAX_ID_LENGTH = 64;

export interface KpiQuery {
  start?: string;
  end?: string;
  asset?: string;
}

function timeOf(field: 'start' | 'end', text: string): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isSafeInteger(value) || value < 0) throw badRequest(field, `${field} must be a time in epoch milliseconds`);
  return value;
}

/**
 * The period and assets of a KPI call (docs/kpis.md): `start` and `end` in epoch ms (default: the
 * last 90 days up to now; at most ten years), `asset` one or more asset ids, comma separated
 * (default: every current asset) — each an id some asset has (400 naming asset otherwise).
 */
export async function kpiScopeOf(db: Database, query: KpiQuery, now: number): Promise<KpiScope> {
  const end = query.end === undefined ? now : timeOf('end', query.end);
  const start = query.start === undefined ? end - DEFAULT_KPI_DAYS * DAY_MS : timeOf('start', query.start);
  if (start >= end) throw badRequest('end', 'end must be after start');
  if (end - start > MAX_KPI_DAYS * DAY_MS) throw badRequest('end', `end must be at most ${MAX_KPI_DAYS} days after start`);
  return { start, end, assets: await assetIdsOf(db, query.asset) };
}

/** `asset` as ids: each an asset's id or, as a dashboard's select filter holds them, its name (case-insensitive). */
export async function assetIdsOf(db: Database, text: string | undefined): Promise<string[]> {
  const wanted = [...new Set((text ?? '').split(',').map((part) => part.trim()).filter((part) => part !== ''))];
  if (wanted.length === 0) return [];
  if (wanted.length > MAX_ASSETS) throw badRequest('asset', `asset names at most ${MAX_ASSETS} assets`);
  if (wanted.some((part) => part.length > 200)) throw badRequest('asset', 'asset must be asset ids or names, comma separated');
  const lowered = wanted.map((part) => part.toLowerCase());
  const found = await db
    .select({ _id: assets._id, name: assets.name })
    .from(assets)
    .where(sql`${inArray(assets._id, wanted.filter((part) => part.length <= MAX_ID_LENGTH))} or lower(${assets.name}) in (${sql.join(lowered.map((name) => sql`${name}`), sql`, `)})`);
  const ids: string[] = [];
  for (const part of wanted) {
    const match = found.find((row) => row._id === part) ?? found.find((row) => row.name.toLowerCase() === part.toLowerCase());
    if (!match) throw badRequest('asset', `asset: no asset has the id or name ${part}`);
    ids.push(match._id);
  }
  return [...new Set(ids)];
}

/** `kpi.backlog` with its defaults; a value that does not parse is its default (Configuration refuses it when saved). */
export async function backlogSettings(db: Database): Promise<BacklogSettings> {
  const texts = await createConfigRepository(db).values([BACKLOG_CONFIG_KEY]);
  const parsed = parseBacklog(texts[BACKLOG_CONFIG_KEY]);
  return typeof parsed === 'string' ? DEFAULT_BACKLOG : parsed;
}

/** The entry's value, or what is wrong with it. */
export function parseBacklog(text: string | undefined): BacklogSettings | string {
  if (text === undefined || text.trim() === '') return DEFAULT_BACKLOG;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return `${BACKLOG_CONFIG_KEY} must be JSON: {"weeklyCrewHours": 160, "readyStatuses": ["Open", "In Progress"]}`;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return `${BACKLOG_CONFIG_KEY} must be an object {weeklyCrewHours, readyStatuses}`;
  const { weeklyCrewHours, readyStatuses, ...others } = value as Record<string, unknown>;
  const unknown = Object.keys(others)[0];
  if (unknown !== undefined) return `${BACKLOG_CONFIG_KEY}.${unknown} is not allowed (allowed: weeklyCrewHours, readyStatuses)`;
  if (typeof weeklyCrewHours !== 'number' || !Number.isFinite(weeklyCrewHours) || weeklyCrewHours <= 0 || weeklyCrewHours > 100_000) {
    return `${BACKLOG_CONFIG_KEY}.weeklyCrewHours must be a number of hours above 0`;
  }
  if (!Array.isArray(readyStatuses) || readyStatuses.length === 0 || readyStatuses.length > 50 || !readyStatuses.every((status) => typeof status === 'string' && status.trim() !== '')) {
    return `${BACKLOG_CONFIG_KEY}.readyStatuses must be a non-empty list of status names`;
  }
  return { weeklyCrewHours, readyStatuses: readyStatuses as string[] };
}

/** Configuration's check of `kpi.backlog` (config/configValueCheckers.ts). */
export const kpiConfigChecker: ConfigValueChecker = {
  keys: [BACKLOG_CONFIG_KEY],
  problem: async (_db, _key, value) => {
    const parsed = parseBacklog(value);
    return typeof parsed === 'string' ? parsed : null;
  },
};

/** Seeded on every start when missing (never overwriting an administrator's edit). */
export const KPI_CONFIG_ENTRIES = [
  {
    key: BACKLOG_CONFIG_KEY,
    description: 'KPIs: the ready backlog, {weeklyCrewHours, readyStatuses}: the crew\'s hours a week, and the statuses in which an order is ready to be worked (docs/kpis.md)',
    value: JSON.stringify(DEFAULT_BACKLOG),
  },
];
