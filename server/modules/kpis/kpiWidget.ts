import type { FastifyInstance } from 'fastify';
import type { AuthUser } from '../../auth/access';
import { HttpError } from '../../http/errors';
import { isKpiName, KPI_NAMES, type KpiFigure } from '../../../common/kpis/kpiDefinitions';
import { kpiFigure } from './kpiQueries';
import { kpiContext, kpiFor } from './kpi.routes';

const isRange = (value: unknown): value is { start: number; end: number } =>
  typeof value === 'object' && value !== null && typeof (value as { start?: unknown }).start === 'number' && typeof (value as { end?: unknown }).end === 'number';

/**
 * A kpi widget's data (docs/kpis.md, "On a dashboard"): the KPI its option names, over the
 * dashboard's date range (the first range among the filters it receives; none: the last 90 days)
 * and its `asset` filter when it has one (an asset's id or name). It reloads when work orders
 * (or, for the alert KPIs, alerts) change.
 */
export async function kpiWidgetData(app: FastifyInstance, widgetName: string, option: unknown, input: Record<string, unknown>, user: AuthUser): Promise<{ data: KpiFigure; dependsOn: string[] }> {
  if (!isKpiName(option)) {
    const message = `Widget "${widgetName}" must name its KPI in the option kpi: one of ${KPI_NAMES.join(', ')}`;
    throw new HttpError(422, message, { 'options.kpi': message });
  }
  const definition = kpiFor(option, user);
  const range = Object.values(input).find(isRange);
  const asset = typeof input.asset === 'string' ? input.asset : undefined;
  const context = await kpiContext(app, option, { ...(range ? { start: String(range.start), end: String(range.end) } : {}), ...(asset ? { asset } : {}) });
  return { data: await kpiFigure(app.services.db, option, context), dependsOn: [definition.permission === 'read-alert' ? 'alert' : 'workOrder'] };
}
