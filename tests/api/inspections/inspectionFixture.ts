import { expect } from 'vitest';
import type { TestApp } from '../helpers/testApp';
import { adminApi, ok, type Doc } from '../administration/adminApi';

/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are untyped JSON in these tests */

export interface Fixture {
  asset: Doc;
  checklist: Doc;
  second: Doc;
  attributes: Record<string, Doc>;
  levels: Doc[];
}

let counter = 0;

/**
 * An asset with two checklists: `checklist` holds one attribute of every type (number ones with
 * thresholds), `second` a single number. Names are unique per call so one database serves many.
 */
export async function createFixture(t: TestApp, options: { mandatoryNumber?: boolean } = {}): Promise<Fixture> {
  const api = adminApi(t);
  const tag = `fx${++counter}_${Date.now().toString(36)}`;
  const levels = await api.list('alertLevel');
  const attr = async (name: string, type: string, extra: Record<string, unknown> = {}) =>
    api.create('attribute', { name: `${tag} ${name}`, type, ...extra });
  const attributes: Record<string, Doc> = {
    number: await attr('Temperature', 'number', { isMandatory: options.mandatoryNumber ?? false, allowComment: true }),
    boolean: await attr('Leaking', 'boolean'),
    radio: await attr('State', 'radio', { options: { values: ['Open', 'Closed'] } }),
    select: await attr('Noise', 'select', { options: { values: ['Quiet', 'Loud'] } }),
    color: await attr('Oil colour', 'color', { options: { values: ['#ffcc00', '#663300'] } }),
    string: await attr('Note', 'string'),
    longString: await attr('Long note', 'long string'),
    html: await attr('Rich note', 'html'),
    image: await attr('Photo', 'image'),
    date: await attr('Filter date', 'date'),
    dateTime: await attr('Last start', 'date-time'),
  };
  const ids = Object.values(attributes).map((a) => a._id);
  const checklist = await api.create('checklist', {
    name: `${tag} Daily round`,
    checklistItems: ids.map((attribute, index) => ({
      attribute,
      sequenceId: index + 1,
      threshold: attribute === attributes.number!._id ? { operation: 'at least', value: 80, level: levels[1]!._id } : null,
      showMandatoryIndicator: false,
    })),
    groups: [{ name: 'Readings', attributes: [attributes.number!._id] }],
  });
  const pressure = await attr('Pressure', 'number');
  const second = await api.create('checklist', {
    name: `${tag} Weekly`,
    checklistItems: [{ attribute: pressure._id, sequenceId: 1, threshold: { operation: 'less than', value: 2 }, showMandatoryIndicator: true }],
  });
  attributes.pressure = pressure;
  const asset = await api.create('asset', { name: `${tag} Boiler`, identification: `${tag}-ID`, checklists: [checklist._id, second._id] });
  return { asset, checklist, second, attributes, levels };
}

/** POST /api/inspection as `as` (the demo technician by default). */
export function submit(t: TestApp, assetId: string, inspectionData: unknown, options: { as?: string; timestamp?: number; attributeComments?: unknown } = {}) {
  const query = new URLSearchParams({ assetId });
  if (options.timestamp !== undefined) query.set('timestamp', String(options.timestamp));
  const payload: Record<string, unknown> = { inspectionData };
  if (options.attributeComments !== undefined) payload.attributeComments = options.attributeComments;
  return t.request({ as: options.as ?? 'technician', method: 'POST', url: `/api/inspection?${query}`, payload });
}

export async function inspectionsOf(t: TestApp, assetId: string): Promise<any[]> {
  return ok(await adminApi(t).get(`/inspection?assetId=${assetId}`));
}

export async function alertsOf(t: TestApp, assetId: string): Promise<any[]> {
  return ok(await adminApi(t).get(`/alert?assetId=${assetId}`));
}

export function expectBadRequest(response: { statusCode: number; json(): any }, field: RegExp) {
  expect(response.statusCode).toBe(400);
  const body = response.json();
  expect(body.response).toBe('error');
  expect(body.message).toMatch(field);
}
