/**
 * POST /inspection submissions from the demo catalogue (server/seed/demoCatalogue.ts) that raise
 * exactly one alert each, found through the API as an engineer sees it, so API tests and benches
 * share them:
 * - breachingSubmission: 'AHU monthly check' on 'Air handling unit 1' with its mandatory status and
 *   vibration (below its limit) given and a filter differential pressure past its 'at least 250 Pa'
 *   threshold (level Medium).
 * - criticalSubmission: 'Pump weekly check' on 'Chilled water pump 1', every mandatory item normal
 *   but a vibration past its 'greater than 7.1 mm/s' threshold (level Critical: the demo's work
 *   order rule opens an order for it, docs/work-orders.md).
 */
export interface BreachingSubmission {
  url: string;
  body: { inspectionData: Record<string, Record<string, string | number | boolean>> };
  assetId: string;
  assetName: string;
  checklistId: string;
  levelName: string;
}

interface Named {
  _id: string;
  name: string;
}

type GetJson = (path: string) => Promise<unknown>;

/** `values` by attribute technical name. */
async function submissionOf(getJson: GetJson, assetName: string, checklistName: string, values: Record<string, string | number | boolean>, levelName: string): Promise<BreachingSubmission> {
  const [assets, checklists, attributes] = (await Promise.all([
    getJson('/asset?fields=name,checklists'),
    getJson('/checklist?fields=name'),
    getJson('/attribute?fields=technicalName'),
  ])) as [(Named & { checklists: string[] })[], Named[], { _id: string; technicalName: string }[]];
  const asset = assets.find((a) => a.name === assetName);
  const checklist = checklists.find((c) => c.name === checklistName);
  const data: Record<string, string | number | boolean> = {};
  for (const [technicalName, value] of Object.entries(values)) {
    const attribute = attributes.find((a) => a.technicalName === technicalName);
    if (attribute) data[attribute._id] = value;
  }
  if (!asset || !checklist || Object.keys(data).length !== Object.keys(values).length || !asset.checklists.includes(checklist._id)) {
    throw new Error(`demo catalogue has no "${checklistName}" on "${assetName}"`);
  }
  return {
    url: `/api/inspection?assetId=${asset._id}`,
    body: { inspectionData: { [checklist._id]: data } },
    assetId: asset._id,
    assetName: asset.name,
    checklistId: checklist._id,
    levelName,
  };
}

/** `getJson` reads an /api path (e.g. '/checklist') with an engineer's token. */
export function breachingSubmission(getJson: GetJson): Promise<BreachingSubmission> {
  return submissionOf(getJson, 'Air handling unit 1', 'AHU monthly check', { equipment_status: 'Running', vibration_mm_s: 2.1, filter_dp_pa: 300 }, 'Medium');
}

export function criticalSubmission(getJson: GetJson): Promise<BreachingSubmission> {
  return submissionOf(getJson, 'Chilled water pump 1', 'Pump weekly check', {
    equipment_status: 'Running',
    vibration_mm_s: 9.5,
    discharge_pressure_bar: 3.2,
    oil_level: 'Normal',
    leak_present: false,
    reading_taken_at: Date.UTC(2026, 0, 5, 8, 30),
  }, 'Critical');
}
