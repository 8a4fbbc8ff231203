import { count, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { newId } from '../db/ids';
import { alertLevels, assets, attributes, checklists } from '../db/schema';
import type { Attribute } from '../../common/resources/attribute';
import type { Checklist, ChecklistItem, ThresholdOperation } from '../../common/resources/checklist';
import type { Asset, StaticAttribute } from '../../common/resources/asset';

/**
 * The demo catalogue of the embedded default (DESIGN §4): plant-maintenance attributes of every
 * type, checklists built from them (thresholds with alert levels, groups) and assets carrying
 * those checklists, QR identifications (one skid shared by several assets), tags and static
 * attributes. Seeded once, when there are no attributes yet, so administrators' edits survive
 * restarts. Records refer to each other by technicalName / name here and get ids when inserted.
 */

type AttributeSeed = Omit<Attribute, '_id'>;

const attribute = (
  name: string,
  technicalName: string,
  type: Attribute['type'],
  description: string,
  extra: { isMandatory?: boolean; allowComment?: boolean; values?: string[] } = {},
): AttributeSeed => ({
  name,
  technicalName,
  type,
  description,
  isMandatory: extra.isMandatory ?? false,
  allowComment: extra.allowComment ?? false,
  options: { values: extra.values ?? [] },
});

export const DEMO_ATTRIBUTES: readonly AttributeSeed[] = [
  attribute('Status', 'equipment_status', 'select', 'Operating state found on arrival', {
    isMandatory: true,
    values: ['Running', 'Standby', 'Under maintenance', 'Out of service'],
  }),
  attribute('Oil level', 'oil_level', 'radio', 'Level in the sight glass', { isMandatory: true, allowComment: true, values: ['Low', 'Normal', 'High'] }),
  attribute('Vibration', 'vibration_mm_s', 'number', 'Overall vibration velocity at the drive-end bearing, mm/s RMS', { isMandatory: true, allowComment: true }),
  attribute('Bearing temperature', 'bearing_temperature_c', 'number', 'Drive-end bearing housing temperature, °C', { allowComment: true }),
  attribute('Discharge pressure', 'discharge_pressure_bar', 'number', 'Gauge reading on the discharge side, bar', { isMandatory: true }),
  attribute('Leak present', 'leak_present', 'boolean', 'Any visible leak at seals, flanges or valves', { isMandatory: true, allowComment: true }),
  attribute('Chilled water outlet temperature', 'chw_outlet_temperature_c', 'number', 'Leaving chilled water temperature, °C', { isMandatory: true }),
  attribute('Suction pressure', 'suction_pressure_bar', 'number', 'Compressor suction pressure, bar', { allowComment: true }),
  attribute('Supply air temperature', 'supply_air_temperature_c', 'number', 'Supply air temperature after the cooling coil, °C'),
  attribute('Filter differential pressure', 'filter_dp_pa', 'number', 'Pressure drop across the bag filters, Pa', { isMandatory: true }),
  attribute('Belt condition', 'belt_condition', 'radio', 'Fan drive belt wear and tension', { allowComment: true, values: ['Good', 'Worn', 'Replace'] }),
  attribute('Panel indicator colour', 'panel_indicator_colour', 'color', 'Colour of the panel status lamp', { isMandatory: true, values: ['Green', 'Amber', 'Red'] }),
  attribute('Hot spot found', 'hot_spot_found', 'boolean', 'Discoloured terminals, burning smell or warm busbars', { allowComment: true }),
  attribute('Gauge needle', 'extinguisher_gauge', 'radio', 'Position of the pressure gauge needle', { isMandatory: true, values: ['Green zone', 'Recharge', 'Overcharged'] }),
  attribute('Safety seal intact', 'safety_seal_intact', 'boolean', 'Tamper seal and pin in place', { isMandatory: true }),
  attribute('Meter reading', 'meter_reading', 'string', 'Run-hour or energy meter reading as displayed'),
  attribute('Inspector remarks', 'inspector_remarks', 'long string', 'Anything the next shift or the engineer should know'),
  attribute('Photo of nameplate', 'nameplate_photo', 'image', 'Clear photo of the rating plate'),
  attribute('Last service date', 'last_service_date', 'date', 'Date on the service tag'),
  attribute('Reading taken at', 'reading_taken_at', 'date-time', 'When the readings were taken', { isMandatory: true }),
  attribute('Safety notes', 'safety_notes', 'html', 'Formatted notes on hazards found (isolation, access, PPE)'),
];

interface ItemSeed {
  attribute: string;
  threshold?: { operation: ThresholdOperation; value: string | number | boolean; level?: string };
  showMandatoryIndicator?: boolean;
}

interface ChecklistSeed {
  name: string;
  frequency: string;
  items: ItemSeed[];
  groups: { name: string; attributes: string[] }[];
}

/** Item attributes and group attributes are technicalNames; threshold levels are alert-level technicalNames. */
export const DEMO_CHECKLISTS: readonly ChecklistSeed[] = [
  {
    name: 'Pump weekly check',
    frequency: 'Weekly',
    items: [
      { attribute: 'equipment_status', threshold: { operation: 'equal', value: 'Out of service', level: 'high' }, showMandatoryIndicator: true },
      { attribute: 'vibration_mm_s', threshold: { operation: 'greater than', value: 7.1, level: 'critical' }, showMandatoryIndicator: true },
      { attribute: 'bearing_temperature_c', threshold: { operation: 'at least', value: 80, level: 'high' } },
      { attribute: 'discharge_pressure_bar', threshold: { operation: 'less than', value: 1.5, level: 'medium' }, showMandatoryIndicator: true },
      { attribute: 'oil_level', threshold: { operation: 'equal', value: 'Low', level: 'medium' }, showMandatoryIndicator: true },
      { attribute: 'leak_present', threshold: { operation: 'equal', value: true } },
      { attribute: 'reading_taken_at', showMandatoryIndicator: true },
      { attribute: 'inspector_remarks' },
    ],
    groups: [
      { name: 'Condition', attributes: ['equipment_status', 'vibration_mm_s', 'bearing_temperature_c', 'oil_level', 'leak_present'] },
      { name: 'Readings', attributes: ['discharge_pressure_bar', 'reading_taken_at'] },
      { name: 'Remarks', attributes: ['inspector_remarks'] },
    ],
  },
  {
    name: 'Chiller monthly inspection',
    frequency: 'Monthly',
    items: [
      { attribute: 'equipment_status', threshold: { operation: 'equal', value: 'Out of service', level: 'critical' }, showMandatoryIndicator: true },
      { attribute: 'chw_outlet_temperature_c', threshold: { operation: 'greater than', value: 9, level: 'high' }, showMandatoryIndicator: true },
      { attribute: 'suction_pressure_bar', threshold: { operation: 'at most', value: 2.5, level: 'high' } },
      { attribute: 'oil_level', threshold: { operation: 'equal', value: 'Low', level: 'medium' } },
      { attribute: 'leak_present', threshold: { operation: 'equal', value: true, level: 'critical' } },
      { attribute: 'meter_reading' },
      { attribute: 'last_service_date' },
      { attribute: 'reading_taken_at', showMandatoryIndicator: true },
      { attribute: 'inspector_remarks' },
    ],
    groups: [
      { name: 'Refrigeration circuit', attributes: ['chw_outlet_temperature_c', 'suction_pressure_bar', 'oil_level', 'leak_present'] },
      { name: 'General', attributes: ['equipment_status', 'meter_reading', 'last_service_date', 'reading_taken_at', 'inspector_remarks'] },
    ],
  },
  {
    name: 'AHU monthly check',
    frequency: 'Monthly',
    items: [
      { attribute: 'equipment_status', showMandatoryIndicator: true },
      { attribute: 'supply_air_temperature_c', threshold: { operation: 'greater than', value: 18, level: 'low' } },
      { attribute: 'filter_dp_pa', threshold: { operation: 'at least', value: 250, level: 'medium' }, showMandatoryIndicator: true },
      { attribute: 'belt_condition', threshold: { operation: 'equal', value: 'Replace', level: 'medium' } },
      { attribute: 'vibration_mm_s', threshold: { operation: 'greater than', value: 4.5, level: 'high' } },
      { attribute: 'inspector_remarks' },
    ],
    groups: [
      { name: 'Air side', attributes: ['supply_air_temperature_c', 'filter_dp_pa'] },
      { name: 'Fan section', attributes: ['belt_condition', 'vibration_mm_s'] },
    ],
  },
  {
    name: 'Electrical panel monthly',
    frequency: 'Monthly',
    items: [
      { attribute: 'panel_indicator_colour', threshold: { operation: 'equal', value: 'Red', level: 'high' }, showMandatoryIndicator: true },
      { attribute: 'hot_spot_found', threshold: { operation: 'equal', value: true, level: 'critical' } },
      { attribute: 'meter_reading' },
      { attribute: 'nameplate_photo' },
      { attribute: 'safety_notes' },
      { attribute: 'inspector_remarks' },
    ],
    groups: [
      { name: 'Visual inspection', attributes: ['panel_indicator_colour', 'hot_spot_found', 'nameplate_photo'] },
      { name: 'Notes', attributes: ['meter_reading', 'safety_notes', 'inspector_remarks'] },
    ],
  },
  {
    name: 'Fire extinguisher yearly',
    frequency: 'Yearly',
    items: [
      { attribute: 'extinguisher_gauge', threshold: { operation: 'equal', value: 'Recharge', level: 'high' }, showMandatoryIndicator: true },
      { attribute: 'safety_seal_intact', threshold: { operation: 'equal', value: false, level: 'medium' }, showMandatoryIndicator: true },
      { attribute: 'last_service_date' },
      { attribute: 'nameplate_photo' },
      { attribute: 'inspector_remarks' },
    ],
    groups: [],
  },
];

interface AssetSeed {
  name: string;
  identification: string;
  tags: string[];
  /** Checklist names. */
  checklists: string[];
  details: { manufacturer: string; model: string; serial: string; location: string };
  checklistOptions?: { name: string; btnName: string; checklists: string[] }[];
  message?: string;
}

const LOCK_OUT = '<p><b>Lock out</b> before opening.</p>';

export const DEMO_ASSETS: readonly AssetSeed[] = [
  {
    name: 'Chilled water pump 1',
    identification: 'PMP-001',
    tags: ['Building A', 'HVAC', 'Critical'],
    checklists: ['Pump weekly check'],
    details: { manufacturer: 'Grundfos', model: 'NK 80-250', serial: 'GF-21-448812', location: 'Building A, plant room B1' },
  },
  {
    name: 'Chilled water pump 2',
    identification: 'PMP-002',
    tags: ['Building A', 'HVAC'],
    checklists: ['Pump weekly check'],
    details: { manufacturer: 'Grundfos', model: 'NK 80-250', serial: 'GF-21-448813', location: 'Building A, plant room B1' },
  },
  {
    name: 'Condenser water pump 1',
    identification: 'PMP-003',
    tags: ['Building A', 'HVAC'],
    checklists: ['Pump weekly check'],
    details: { manufacturer: 'KSB', model: 'Etanorm 100-200', serial: 'KSB-9920174', location: 'Building A, cooling tower deck' },
  },
  {
    name: 'Booster set pump A',
    identification: 'SKD-001',
    tags: ['Building B', 'Plumbing', 'Critical'],
    checklists: ['Pump weekly check'],
    details: { manufacturer: 'Wilo', model: 'Helix V 1605', serial: 'WL-5531-A', location: 'Building B, basement water room' },
  },
  {
    name: 'Booster set pump B',
    identification: 'SKD-001',
    tags: ['Building B', 'Plumbing'],
    checklists: ['Pump weekly check'],
    details: { manufacturer: 'Wilo', model: 'Helix V 1605', serial: 'WL-5531-B', location: 'Building B, basement water room' },
  },
  {
    name: 'Booster set control panel',
    identification: 'SKD-001',
    tags: ['Building B', 'Plumbing', 'Electrical'],
    checklists: ['Electrical panel monthly'],
    details: { manufacturer: 'Wilo', model: 'SC-Booster 2x4.0', serial: 'WL-5531-CP', location: 'Building B, basement water room' },
    message: LOCK_OUT,
  },
  {
    name: 'Chiller 1',
    identification: 'CHL-001',
    tags: ['Building A', 'HVAC', 'Critical'],
    checklists: ['Chiller monthly inspection', 'Electrical panel monthly'],
    details: { manufacturer: 'Carrier', model: '30XA-502', serial: 'CR-1718Q40211', location: 'Building A, roof plant' },
    checklistOptions: [
      { name: 'Routine', btnName: 'Monthly inspection', checklists: ['Chiller monthly inspection'] },
      { name: 'Full', btnName: 'Chiller and starter panel', checklists: ['Chiller monthly inspection', 'Electrical panel monthly'] },
    ],
    message: '<p>Refrigerant circuit: wear <b>gloves and goggles</b>. Report any oil stain at the compressor.</p>',
  },
  {
    name: 'Chiller 2',
    identification: 'CHL-002',
    tags: ['Building A', 'HVAC'],
    checklists: ['Chiller monthly inspection', 'Electrical panel monthly'],
    details: { manufacturer: 'Carrier', model: '30XA-502', serial: 'CR-1718Q40212', location: 'Building A, roof plant' },
    checklistOptions: [
      { name: 'Routine', btnName: 'Monthly inspection', checklists: ['Chiller monthly inspection'] },
      { name: 'Full', btnName: 'Chiller and starter panel', checklists: ['Chiller monthly inspection', 'Electrical panel monthly'] },
    ],
  },
  {
    name: 'Air handling unit 1',
    identification: 'AHU-001',
    tags: ['Building A', 'HVAC'],
    checklists: ['AHU monthly check'],
    details: { manufacturer: 'Trane', model: 'CLCP 20', serial: 'TR-C20-77120', location: 'Building A, level 1 plant room' },
  },
  {
    name: 'Air handling unit 2',
    identification: 'AHU-002',
    tags: ['Building B', 'HVAC'],
    checklists: ['AHU monthly check'],
    details: { manufacturer: 'Trane', model: 'CLCP 14', serial: 'TR-C14-77342', location: 'Building B, roof' },
  },
  {
    name: 'Main distribution board',
    identification: 'PNL-001',
    tags: ['Building A', 'Electrical', 'Critical'],
    checklists: ['Electrical panel monthly'],
    details: { manufacturer: 'Schneider Electric', model: 'Prisma P', serial: 'SE-PP-300981', location: 'Building A, LV switch room' },
    message: LOCK_OUT,
  },
  {
    name: 'Lighting panel L2',
    identification: 'PNL-002',
    tags: ['Building B', 'Electrical'],
    checklists: ['Electrical panel monthly'],
    details: { manufacturer: 'ABB', model: 'MNS', serial: 'ABB-MNS-44120', location: 'Building B, level 2 riser' },
  },
  {
    name: 'Fire extinguisher CO2 plant room',
    identification: 'FEX-001',
    tags: ['Building A', 'Fire safety'],
    checklists: ['Fire extinguisher yearly'],
    details: { manufacturer: 'Gloria', model: 'KS 5 ST', serial: 'GL-5-118273', location: 'Building A, plant room B1 door' },
  },
  {
    name: 'Fire extinguisher powder lobby',
    identification: 'FEX-002',
    tags: ['Building B', 'Fire safety'],
    checklists: ['Fire extinguisher yearly'],
    details: { manufacturer: 'Gloria', model: 'PD 6 GA', serial: 'GL-6-220914', location: 'Building B, ground floor lobby' },
  },
];

function staticAttributes(details: AssetSeed['details']): StaticAttribute[] {
  return [
    { name: 'Manufacturer', value: details.manufacturer, type: 'string', sequenceId: 1 },
    { name: 'Model', value: details.model, type: 'string', sequenceId: 2 },
    { name: 'Serial number', value: details.serial, type: 'string', sequenceId: 3 },
    { name: 'Location', value: details.location, type: 'string', sequenceId: 4 },
  ];
}

function lookup(ids: ReadonlyMap<string, string>, key: string, what: string): string {
  const id = ids.get(key);
  if (!id) throw new Error(`Demo catalogue: unknown ${what} ${key}`);
  return id;
}

/** Seeds the demo catalogue when there are no attributes yet; answers whether it did. */
export async function ensureDemoCatalogue(db: Database): Promise<boolean> {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(attributes);
  if (n > 0) return false;

  const levelRows = await db
    .select({ _id: alertLevels._id, technicalName: alertLevels.technicalName })
    .from(alertLevels)
    .where(inArray(alertLevels.technicalName, ['critical', 'high', 'medium', 'low']));
  const levelIds = new Map(levelRows.map((row) => [row.technicalName, row._id]));

  const attributeRows: Attribute[] = DEMO_ATTRIBUTES.map((a) => ({ _id: newId(), ...a, options: { values: [...a.options.values] } }));
  const attributeIds = new Map(attributeRows.map((a) => [a.technicalName, a._id]));

  const checklistRows: Checklist[] = DEMO_CHECKLISTS.map((c) => ({
    _id: newId(),
    name: c.name,
    frequency: c.frequency,
    scripts: [],
    checklistItems: c.items.map(
      (item, index): ChecklistItem => ({
        attribute: lookup(attributeIds, item.attribute, 'attribute'),
        sequenceId: index + 1,
        threshold: item.threshold
          ? {
              operation: item.threshold.operation,
              value: item.threshold.value,
              // A level an administrator removed falls back to the most severe one (DESIGN §5).
              level: item.threshold.level ? (levelIds.get(item.threshold.level) ?? null) : null,
            }
          : null,
        showMandatoryIndicator: item.showMandatoryIndicator ?? false,
      }),
    ),
    groups: c.groups.map((g) => ({ name: g.name, attributes: g.attributes.map((t) => lookup(attributeIds, t, 'attribute')) })),
  }));
  const checklistIds = new Map(checklistRows.map((c) => [c.name, c._id]));

  const assetRows: Asset[] = DEMO_ASSETS.map((a) => ({
    _id: newId(),
    name: a.name,
    identification: a.identification,
    tags: [...a.tags],
    checklists: a.checklists.map((name) => lookup(checklistIds, name, 'checklist')),
    staticAttributes: staticAttributes(a.details),
    checklistOptions: (a.checklistOptions ?? []).map((o) => ({
      name: o.name,
      btnName: o.btnName,
      checklistIds: o.checklists.map((name) => lookup(checklistIds, name, 'checklist')),
    })),
    message: a.message ?? '',
  }));

  // One transaction: a half-seeded catalogue would never be completed (attributes are no longer empty).
  await db.transaction(async (tx) => {
    await tx.insert(attributes).values(attributeRows);
    await tx.insert(checklists).values(checklistRows);
    await tx.insert(assets).values(assetRows);
  });
  return true;
}
