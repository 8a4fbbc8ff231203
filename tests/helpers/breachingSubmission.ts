/**
 * A POST /inspection submission from the demo catalogue (server/seed/demoCatalogue.ts) that raises
 * exactly one alert: 'AHU monthly check' on 'Air handling unit 1' with its mandatory status and
 * vibration (below its limit) given and a filter differential pressure past its 'at least 250 Pa'
 * threshold (level Medium).
 * Found through the API as an engineer sees it, so API tests and benches share it.
 */
export interface BreachingSubmission {
  url: string;
  body: { inspectionData: Record<string, Record<string, string | number>> };
  assetId: string;
  assetName: string;
  checklistId: string;
  levelName: string;
}

interface Named {
  _id: string;
  name: string;
}

const ASSET = 'Air handling unit 1';
const CHECKLIST = 'AHU monthly check';

/** `getJson` reads an /api path (e.g. '/checklist') with an engineer's token. */
export async function breachingSubmission(getJson: (path: string) => Promise<unknown>): Promise<BreachingSubmission> {
  const [assets, checklists, attributes] = (await Promise.all([
    getJson('/asset?fields=name,checklists'),
    getJson('/checklist?fields=name'),
    getJson('/attribute?fields=technicalName'),
  ])) as [(Named & { checklists: string[] })[], Named[], { _id: string; technicalName: string }[]];
  const asset = assets.find((a) => a.name === ASSET);
  const checklist = checklists.find((c) => c.name === CHECKLIST);
  const attributeId = (technicalName: string) => attributes.find((a) => a.technicalName === technicalName)?._id;
  const status = attributeId('equipment_status');
  const vibration = attributeId('vibration_mm_s');
  const filterDp = attributeId('filter_dp_pa');
  if (!asset || !checklist || !status || !vibration || !filterDp || !asset.checklists.includes(checklist._id)) {
    throw new Error(`demo catalogue has no "${CHECKLIST}" on "${ASSET}"`);
  }
  return {
    url: `/api/inspection?assetId=${asset._id}`,
    body: { inspectionData: { [checklist._id]: { [status]: 'Running', [vibration]: 2.1, [filterDp]: 300 } } },
    assetId: asset._id,
    assetName: asset.name,
    checklistId: checklist._id,
    levelName: 'Medium',
  };
}
