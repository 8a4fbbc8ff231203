import type { InferType } from 'yup';
import { field } from '../fields';
import { DIRECTIONS } from '../monitoring/alertRule';
import { SEGMENT, SEGMENT_RULE } from '../monitoring/topics';
import { strictObject } from './schemaParts';

export const POINT_KINDS = ['gauge', 'counter'] as const;
export type PointKind = (typeof POINT_KINDS)[number];

/** Digits after the point a threshold keeps: a vibration's 0.045 in/s needs more than money's two. */
const THRESHOLD = { scale: 4 } as const;

/**
 * Something measured on an asset (DESIGN §17, docs/monitoring.md): by a sensor, whose gateway
 * publishes it under the point's key, or by a technician, when it maps the checklist attribute —
 * both land on one history and one set of alerts.
 */
export const measurementPointSchema = strictObject({
  asset: field.reference('Asset', 'asset', { required: true }),
  name: field.name(),
  key: field.text('Key', { max: 60, required: true }).test('segment', `Key must hold ${SEGMENT_RULE}`, (value) => !value || SEGMENT.test(value)),
  unit: field.text('Unit', { max: 20 }),
  attribute: field.reference('Attribute', 'attribute'),
  kind: field.choice('Kind', POINT_KINDS, { initial: 'gauge', labels: { gauge: 'Gauge', counter: 'Counter' } }),
  direction: field.choice('Alert when', DIRECTIONS, { initial: 'above', labels: { above: 'Above the levels', below: 'Below the levels' } }),
  warning: field.decimal('Warning level', THRESHOLD),
  critical: field.decimal('Critical level', THRESHOLD),
  deadband: field.decimal('Deadband', { ...THRESHOLD, min: 0 }),
  minDurationSeconds: field.integer('Minimum duration (s)', { min: 0, max: 86_400 }),
  // Meter-based maintenance (common/monitoring/meter.ts): a counter opens a work order every N units.
  serviceEvery: field.decimal('Service every', { ...THRESHOLD, min: 0.0001 }),
  serviceTask: field.text('Service task', { max: 200 }),
})
  .test('service-counter', 'Only a counter is serviced by its reading', function serviceOnCounters(point) {
    const { serviceEvery, kind } = point as { serviceEvery?: number | null; kind?: string };
    return serviceEvery === null || serviceEvery === undefined || kind === 'counter' || this.createError({ path: 'serviceEvery', message: 'Service every applies to a counter: set Kind to Counter' });
  })
  .test('levels-in-order', 'Critical level must be past the warning level', function levelsInOrder(point) {
  const { warning, critical, direction } = point as { warning?: number | null; critical?: number | null; direction?: string };
  if (typeof warning !== 'number' || typeof critical !== 'number') return true;
  const inOrder = direction === 'below' ? critical < warning : critical > warning;
  return inOrder || this.createError({ path: 'critical', message: `Critical level must be ${direction === 'below' ? 'below' : 'above'} the warning level` });
});

export type MeasurementPointInput = InferType<typeof measurementPointSchema>;
