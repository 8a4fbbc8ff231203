import { orderedItems, thresholdMet, type ChecklistItem, type Threshold } from '../../common/resources/checklist';
import { inspectionValueProblem, isMandatoryItem, type AttributeValue, type InspectionValue } from '../../common/resources/inspection';
import type { SeededRandom } from './seededRandom';

/**
 * What a technician reads off the demo plant (server/seed/demoCatalogue.ts), one inspection at a
 * time: numbers wander around each asset's own normal value and now and then run past their
 * threshold for a few rounds until someone fixes it; filters load up day by day until they are
 * changed; options and yes/no items are mostly the healthy answer. Attributes the catalogue does
 * not describe (an administrator's own) get values derived from their type and threshold, so the
 * history stays valid whatever the catalogue holds.
 */

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** Chance that a thresholded item starts running past its limit at one inspection. */
const EXCURSION_CHANCE = 0.004;

export interface ReadingAttribute {
  _id: string;
  name: string;
  technicalName: string;
  type: string;
  options: { values: string[] };
  isMandatory: boolean;
  allowComment: boolean;
}

export interface ReadingChecklist {
  _id: string;
  name: string;
  checklistItems: ChecklistItem[];
}

export interface ReadingAsset {
  _id: string;
  name: string;
  tags: string[];
}

export interface Reading {
  /** attribute id → value, for the items that hold one. */
  values: Record<string, InspectionValue>;
  /** In item order, as a submission stores them. */
  attributeData: AttributeValue[];
  attributeComments: AttributeValue[];
}

interface NumberProfile {
  normal: number;
  /** Typical scatter between rounds. */
  spread: number;
  decimals: number;
  min?: number;
  /** Grows by this much a day until the part is serviced (a filter loading up). */
  risePerDay?: number;
}

const NUMBER_PROFILES: Record<string, NumberProfile> = {
  vibration_mm_s: { normal: 2.6, spread: 0.35, decimals: 1, min: 0.2 },
  bearing_temperature_c: { normal: 58, spread: 3, decimals: 1 },
  discharge_pressure_bar: { normal: 3.4, spread: 0.12, decimals: 2, min: 0 },
  chw_outlet_temperature_c: { normal: 6.8, spread: 0.35, decimals: 1 },
  suction_pressure_bar: { normal: 3.7, spread: 0.15, decimals: 2, min: 0 },
  supply_air_temperature_c: { normal: 14.5, spread: 0.7, decimals: 1 },
  filter_dp_pa: { normal: 115, spread: 8, decimals: 0, min: 40, risePerDay: 1.8 },
};

/** Weights of the healthy answers; the answer a threshold alerts on only comes from an excursion. */
const CHOICE_WEIGHTS: Record<string, Record<string, number>> = {
  equipment_status: { Running: 80, Standby: 16, 'Under maintenance': 3, 'Out of service': 1 },
  oil_level: { Normal: 90, High: 8, Low: 2 },
  belt_condition: { Good: 84, Worn: 15, Replace: 1 },
  panel_indicator_colour: { Green: 93, Amber: 6, Red: 1 },
  extinguisher_gauge: { 'Green zone': 95, Overcharged: 4, Recharge: 1 },
};

const USUAL_BOOLEANS: Record<string, boolean> = {
  leak_present: false,
  hot_spot_found: false,
  safety_seal_intact: true,
};

/** How often an item that is not mandatory is filled in, by attribute type. */
const PRESENCE: Record<string, number> = {
  number: 0.9,
  boolean: 0.92,
  radio: 0.9,
  select: 0.9,
  color: 0.9,
  string: 0.7,
  'long string': 0.12,
  html: 0.15,
  date: 0.5,
  'date-time': 0.8,
};

const REMARKS = [
  'All normal, area clean.',
  'Guard bolt missing on the coupling cover, refitted.',
  'Label faded, new QR label requested.',
  'Access blocked by pallets, asked stores to clear it.',
  'Slight noise at start-up, settles after a minute.',
  'Drip tray emptied.',
  'Lighting in the plant room out, reported.',
  'Checked together with the contractor.',
];

const SAFETY_NOTES = [
  '<p>Isolated at <b>MCC-2 / Q14</b> before opening the cover.</p>',
  '<p>Hot surfaces: wear <b>gloves</b> near the discharge pipe.</p>',
  '<p>Wet floor under the unit, <b>slip hazard</b> signed.</p>',
  '<ul><li>Door interlock checked</li><li>Arc-flash label present</li></ul>',
];

const BREACH_COMMENTS: Record<string, string[]> = {
  vibration_mm_s: ['Noticeable noise from the drive end.', 'Rechecked after 10 minutes, same reading.'],
  bearing_temperature_c: ['Housing too hot to touch.', 'Rechecked with the IR gun, same reading.'],
  oil_level: ['Oil just visible at the bottom of the sight glass.', 'Oil stain under the bearing housing.'],
  leak_present: ['Dripping at the mechanical seal.', 'Weeping at the discharge flange.'],
  suction_pressure_bar: ['Bubbles in the liquid-line sight glass.'],
  belt_condition: ['Belt glazed and cracked, squeals at start.'],
  hot_spot_found: ['Discoloured terminal on the incomer.', 'Burning smell near the busbar chamber.'],
};
const GENERIC_BREACH_COMMENTS = ['Reported to the shift engineer.', 'Rechecked, same reading.'];
const ROUTINE_COMMENTS = ['Checked, no issue.', 'Reading taken with the handheld meter.', 'Area cleaned after the check.'];

const RESOLUTION_REMARKS: Record<string, string[]> = {
  vibration_mm_s: ['Coupling realigned, vibration back to normal.', 'Drive-end bearing replaced.', 'Base bolts retightened, reading rechecked OK.'],
  bearing_temperature_c: ['Bearing regreased, temperature back under 65 °C.', 'Bearing replaced during the planned stop.'],
  discharge_pressure_bar: ['Suction strainer cleaned, pressure restored.', 'Air vented from the casing, pressure normal.'],
  oil_level: ['Topped up with oil of the specified grade.', 'Oil topped up, no leak found.'],
  leak_present: ['Mechanical seal replaced.', 'Flange gasket replaced and bolts retightened.'],
  equipment_status: ['Fault reset and unit restarted, running normally.', 'Contactor replaced, back in service.'],
  chw_outlet_temperature_c: ['Set point corrected in the BMS.', 'Condenser tubes cleaned, leaving temperature back to 6.5 °C.'],
  suction_pressure_bar: ['Refrigerant leak repaired and circuit recharged.', 'Expansion valve adjusted by the service contractor.'],
  supply_air_temperature_c: ['Chilled water valve actuator replaced.', 'Cooling coil cleaned.'],
  filter_dp_pa: ['Bag filters replaced.', 'Pre-filters and bag filters replaced.'],
  belt_condition: ['Belt set replaced and tensioned.'],
  panel_indicator_colour: ['Tripped breaker reset after a fault on the outgoing circuit.', 'Faulty indicator lamp replaced.'],
  hot_spot_found: ['Terminals retightened to torque, thermography recheck clear.', 'Damaged lug replaced.'],
  extinguisher_gauge: ['Extinguisher recharged by the service contractor.', 'Swapped for a serviced spare.'],
  safety_seal_intact: ['New tamper seal fitted after checking the charge.'],
};
const GENERIC_RESOLUTION_REMARKS = ['Checked on site and corrected.', 'Fixed by the maintenance team.', 'Rechecked, reading back within limits.'];

/** What an engineer writes when resolving an alert on this attribute. */
export function resolutionRemark(random: SeededRandom, technicalName: string): string {
  return random.pick(RESOLUTION_REMARKS[technicalName] ?? GENERIC_RESOLUTION_REMARKS);
}

const round = (value: number, decimals: number) => Number(value.toFixed(decimals));
const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);

function numericThreshold(threshold: Threshold | null): (Threshold & { value: number }) | null {
  return threshold && typeof threshold.value === 'number' ? (threshold as Threshold & { value: number }) : null;
}

/** A profile for a number the catalogue does not describe: comfortably inside its threshold. */
function derivedProfile(threshold: (Threshold & { value: number }) | null): NumberProfile {
  if (!threshold) return { normal: 50, spread: 3, decimals: 1 };
  const limit = threshold.value;
  const scale = Math.abs(limit) || 10;
  const upward = threshold.operation === 'greater than' || threshold.operation === 'at least';
  const normal = threshold.operation === 'equal' ? limit + scale * 0.5 : upward ? limit - scale * 0.4 : limit + scale * 0.4;
  return { normal, spread: scale * 0.04, decimals: 1 };
}

interface NumberState {
  /** Each asset runs a little above or below the plant's typical value. */
  factor: number;
  drift: number;
  rise: number;
  /** Further readings past the limit before the fault is fixed. */
  episode: number;
  lastAt: number;
}

export function createReadingModel(random: SeededRandom) {
  const numbers = new Map<string, NumberState>();
  const episodes = new Map<string, number>();
  const counters = new Map<string, number>();
  const services = new Map<string, { last: number; next: number }>();

  /** A value just past the limit: 6–30 % of the way from normal beyond it. */
  function pastLimit(threshold: Threshold & { value: number }, normal: number, profile: NumberProfile): number {
    const limit = threshold.value;
    const gap = Math.max(Math.abs(limit - normal), profile.spread * 2, 10 ** -profile.decimals * 5);
    const step = gap * random.between(0.06, 0.3);
    switch (threshold.operation) {
      case 'greater than':
      case 'at least':
        return limit + step;
      case 'less than':
      case 'at most':
        return Math.max(limit - step, profile.min ?? -Infinity);
      default:
        return limit;
    }
  }

  function numberReading(key: string, attribute: ReadingAttribute, item: ChecklistItem, at: number, fault: boolean): { value: number; breached: boolean } {
    const threshold = numericThreshold(item.threshold);
    const profile = NUMBER_PROFILES[attribute.technicalName] ?? derivedProfile(threshold);
    let state = numbers.get(key);
    if (!state) {
      const headroom = threshold ? Math.abs(threshold.value - profile.normal) : profile.spread * 10;
      state = { factor: random.between(0.93, 1.07), drift: 0, rise: profile.risePerDay ? random.between(0, 0.85) * headroom : 0, episode: 0, lastAt: at };
      numbers.set(key, state);
    }
    const normal = profile.normal * state.factor;
    state.drift = 0.85 * state.drift + random.gaussian() * 0.5 * profile.spread;
    if (profile.risePerDay) state.rise += (profile.risePerDay * (at - state.lastAt)) / DAY_MS;
    state.lastAt = at;
    let value = round(Math.max(normal + state.rise + state.drift + random.gaussian() * 0.5 * profile.spread, profile.min ?? -Infinity), profile.decimals);
    let breached = threshold ? thresholdMet(threshold.operation, value, threshold.value) : false;

    if (threshold && state.episode > 0) {
      state.episode--;
      if (!breached) value = round(pastLimit(threshold, normal, profile), profile.decimals);
      breached = true;
    } else if (breached) {
      // Drifted past the limit on its own (a loaded filter): it stays so for a round or two.
      state.episode = random.int(0, 2);
    } else if (threshold && (fault || random.chance(EXCURSION_CHANCE))) {
      value = round(pastLimit(threshold, normal, profile), profile.decimals);
      breached = thresholdMet(threshold.operation, value, threshold.value);
      state.episode = random.int(0, 2);
    }
    // The fault is fixed after its last bad reading: a serviced filter starts clean again.
    if (breached && state.episode === 0) state.rise = 0;
    return { value, breached };
  }

  /** Options and yes/no: the healthy answer, or the alerting one during an excursion. */
  function discreteReading(key: string, alerting: InspectionValue | undefined, fault: boolean, healthy: () => InspectionValue): { value: InspectionValue; breached: boolean } {
    if (alerting !== undefined) {
      const remaining = episodes.get(key) ?? 0;
      if (remaining > 0) {
        episodes.set(key, remaining - 1);
        return { value: alerting, breached: true };
      }
      if (fault || random.chance(EXCURSION_CHANCE)) {
        episodes.set(key, random.int(0, 2));
        return { value: alerting, breached: true };
      }
    }
    return { value: healthy(), breached: false };
  }

  function choiceReading(key: string, attribute: ReadingAttribute, item: ChecklistItem, fault: boolean) {
    const options = attribute.options.values;
    if (options.length === 0) return { value: '#2e7d32', breached: false };
    const threshold = item.threshold;
    const alerting = threshold?.operation === 'equal' && typeof threshold.value === 'string' && options.includes(threshold.value) ? threshold.value : undefined;
    const known = CHOICE_WEIGHTS[attribute.technicalName] ?? {};
    const weights: Record<string, number> = {};
    options.forEach((option, index) => {
      if (option !== alerting) weights[option] = known[option] ?? (index === 0 ? 10 : 1);
    });
    if (Object.keys(weights).length === 0) return { value: options[0] as string, breached: false };
    return discreteReading(key, alerting, fault, () => random.weighted(weights));
  }

  function booleanReading(key: string, attribute: ReadingAttribute, item: ChecklistItem, fault: boolean) {
    const threshold = item.threshold;
    const alerting = threshold?.operation === 'equal' && typeof threshold.value === 'boolean' ? threshold.value : undefined;
    const usual = USUAL_BOOLEANS[attribute.technicalName] ?? (alerting === undefined ? false : !alerting);
    return discreteReading(key, alerting, fault, () => usual);
  }

  /** A run-hour or energy meter that only counts up. */
  function meterReading(key: string, asset: ReadingAsset, checklist: ReadingChecklist): string {
    const energy = /electrical|panel/i.test(checklist.name) || asset.tags.includes('Electrical');
    const previous = counters.get(key);
    const perDay = energy ? random.between(900, 2600) : random.between(14, 23);
    const value = previous === undefined ? (energy ? random.between(150_000, 2_000_000) : random.between(6_000, 60_000)) : previous + perDay * random.between(0.2, 1.2);
    counters.set(key, value);
    return `${Math.round(value)} ${energy ? 'kWh' : 'h'}`;
  }

  /** The date on the service tag: moves forward every two to four months. */
  function serviceDate(key: string, at: number): string {
    let service = services.get(key);
    if (!service) {
      const last = at - random.int(10, 150) * DAY_MS;
      service = { last, next: last + random.int(60, 120) * DAY_MS };
      services.set(key, service);
    }
    while (service.next <= at) {
      service.last = service.next;
      service.next += random.int(60, 120) * DAY_MS;
    }
    return isoDate(service.last);
  }

  /** `fault`: the item runs past its threshold from this reading on, if its type can. */
  function valueFor(asset: ReadingAsset, checklist: ReadingChecklist, item: ChecklistItem, attribute: ReadingAttribute, at: number, fault: boolean): { value: InspectionValue; breached: boolean } | null {
    const key = `${asset._id}:${attribute._id}`;
    switch (attribute.type) {
      case 'number':
        return numberReading(key, attribute, item, at, fault);
      case 'boolean':
        return booleanReading(key, attribute, item, fault);
      case 'radio':
      case 'select':
      case 'color':
        return choiceReading(key, attribute, item, fault);
      case 'string':
        return { value: attribute.technicalName === 'meter_reading' ? meterReading(key, asset, checklist) : 'OK', breached: false };
      case 'long string':
        return { value: random.pick(REMARKS), breached: false };
      case 'html':
        return { value: random.pick(SAFETY_NOTES), breached: false };
      case 'date':
        return { value: serviceDate(key, at), breached: false };
      case 'date-time':
        // Noted a few minutes before the form was sent, to the minute.
        return { value: Math.floor((at - random.int(2, 20) * MINUTE_MS) / MINUTE_MS) * MINUTE_MS, breached: false };
      default:
        // Images: history holds no photos (no fake file ids); unknown types: nothing.
        return null;
    }
  }

  const itemOrder = new Map<string, ChecklistItem[]>();

  /**
   * One inspection of `checklist` on `asset` at `at`: values in item order, and a few comments.
   * `startFault`: the first thresholded item that can runs past its limit here (a fault the
   * history places on purpose rather than by chance).
   */
  function read(asset: ReadingAsset, checklist: ReadingChecklist, attributesById: ReadonlyMap<string, ReadingAttribute>, at: number, startFault = false): Reading {
    const values: Record<string, InspectionValue> = {};
    const attributeData: AttributeValue[] = [];
    const attributeComments: AttributeValue[] = [];
    let items = itemOrder.get(checklist._id);
    if (!items) itemOrder.set(checklist._id, (items = orderedItems(checklist.checklistItems)));
    let faultToStart = startFault;
    for (const item of items) {
      const attribute = attributesById.get(item.attribute);
      if (!attribute || attribute.type === 'image') continue;
      const fault = faultToStart && item.threshold != null;
      if (!fault && !isMandatoryItem(item, attribute) && !random.chance(PRESENCE[attribute.type] ?? 0.5)) continue;
      const reading = valueFor(asset, checklist, item, attribute, at, fault);
      // Defensive: an administrator's options may no longer hold what the demo expects.
      if (!reading || inspectionValueProblem(attribute, reading.value) !== null) continue;
      if (reading.breached) faultToStart = false;
      values[attribute._id] = reading.value;
      attributeData.push({ attribute: attribute._id, value: reading.value });
      if (!attribute.allowComment) continue;
      if (reading.breached && random.chance(0.5)) {
        attributeComments.push({ attribute: attribute._id, value: random.pick(BREACH_COMMENTS[attribute.technicalName] ?? GENERIC_BREACH_COMMENTS) });
      } else if (!reading.breached && random.chance(0.015)) {
        attributeComments.push({ attribute: attribute._id, value: random.pick(ROUTINE_COMMENTS) });
      }
    }
    return { values, attributeData, attributeComments };
  }

  return { read };
}
