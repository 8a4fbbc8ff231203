import type { Database } from '../server/db/client';
import { newId } from '../server/db/ids';
import { assets, attributes, checklists } from '../server/db/schema';
import type { Attribute } from '../common/resources/attribute';
import type { Asset } from '../common/resources/asset';
import type { Checklist, ChecklistItem } from '../common/resources/checklist';
import { seededRandom } from '../server/seed/seededRandom';

export interface LargeCatalogueOptions {
  assets: number;
  checklists: number;
  /** Starts every name, so a second catalogue (or the demo one) never collides with it. */
  prefix?: string;
  /** Rows per INSERT statement. */
  batchSize?: number;
  /** Same seed, same catalogue (names, tags, which checklists an asset carries). */
  randomSeed?: number;
}

export interface LargeCatalogue {
  attributeIds: string[];
  checklistIds: string[];
  assetIds: string[];
  /** Wall time of the inserts. */
  ms: number;
}

const TAG_POOL = [
  'Building A', 'Building B', 'Building C', 'Building D', 'Warehouse', 'Workshop', 'Roof', 'Basement',
  'HVAC', 'Electrical', 'Plumbing', 'Fire safety', 'Lifts', 'Compressed air', 'Steam', 'Lighting',
  'Critical', 'Standby', 'Outdoor', 'ATEX zone', 'Level 1', 'Level 2', 'Level 3', 'Line 1', 'Line 2', 'Line 3',
];
const KINDS = [
  { word: 'Pump', code: 'PMP', manufacturer: 'Grundfos' },
  { word: 'Chiller', code: 'CHL', manufacturer: 'Carrier' },
  { word: 'Air handling unit', code: 'AHU', manufacturer: 'Trane' },
  { word: 'Distribution panel', code: 'PNL', manufacturer: 'Schneider Electric' },
  { word: 'Fire extinguisher', code: 'FEX', manufacturer: 'Gloria' },
  { word: 'Fan coil unit', code: 'FCU', manufacturer: 'Daikin' },
  { word: 'Compressor', code: 'CMP', manufacturer: 'Atlas Copco' },
];
const FREQUENCIES = ['Daily', 'Weekly', 'Monthly', 'Quarterly', 'Yearly'];
const OPERATIONS = ['greater than', 'at least', 'less than', 'at most'] as const;

/** The seed's deterministic generator, plus `sample`: benchmarks see the same data on every run. */
function random(seed: number) {
  const generator = seededRandom(seed);
  /** `count` distinct entries of `list`. */
  const sample = <T>(list: readonly T[], count: number): T[] => {
    const picked = new Set<number>();
    while (picked.size < Math.min(count, list.length)) picked.add(generator.int(0, list.length - 1));
    return [...picked].map((i) => list[i] as T);
  };
  return { next: generator.next, int: generator.int, sample };
}

async function insertInBatches<T>(rows: readonly T[], batchSize: number, insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += batchSize) await insert(rows.slice(i, i + batchSize));
}

/**
 * Inserts a large catalogue straight through Drizzle, for benchmarks (issue 3: 10,000 assets and
 * 500 checklists): a dozen number/boolean/select attributes of its own, `checklists` checklists of
 * 3–8 items with thresholds, and `assets` assets with 1–3 tags and 1–3 checklists each, static
 * attributes, and every tenth identification shared by two assets (a skid). Does not validate
 * through the API; every record fits the common/ schemas.
 */
export async function seedLargeCatalogue(db: Database, options: LargeCatalogueOptions): Promise<LargeCatalogue> {
  const started = performance.now();
  const prefix = options.prefix ?? 'Load';
  const key = prefix.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  const batchSize = options.batchSize ?? 1000;
  const rnd = random(options.randomSeed ?? 42);

  const attributeRows: Attribute[] = [];
  for (let i = 1; i <= 8; i++) {
    attributeRows.push({
      _id: newId(), name: `${prefix} reading ${i}`, technicalName: `${key}_reading_${i}`, description: 'Benchmark number attribute',
      type: 'number', isMandatory: i <= 2, allowComment: i % 2 === 0, options: { values: [] },
    });
  }
  for (let i = 1; i <= 2; i++) {
    attributeRows.push({
      _id: newId(), name: `${prefix} check ${i}`, technicalName: `${key}_check_${i}`, description: 'Benchmark yes/no attribute',
      type: 'boolean', isMandatory: false, allowComment: true, options: { values: [] },
    });
  }
  attributeRows.push({
    _id: newId(), name: `${prefix} condition`, technicalName: `${key}_condition`, description: 'Benchmark select attribute',
    type: 'select', isMandatory: true, allowComment: false, options: { values: ['Good', 'Fair', 'Poor'] },
  });
  attributeRows.push({
    _id: newId(), name: `${prefix} remarks`, technicalName: `${key}_remarks`, description: 'Benchmark text attribute',
    type: 'long string', isMandatory: false, allowComment: false, options: { values: [] },
  });

  const checklistRows: Checklist[] = [];
  for (let c = 1; c <= options.checklists; c++) {
    const picked = rnd.sample(attributeRows, rnd.int(3, 8));
    const checklistItems = picked.map((attribute, index): ChecklistItem => {
      let threshold: ChecklistItem['threshold'] = null;
      if (attribute.type === 'number' && rnd.next() < 0.7) {
        threshold = { operation: OPERATIONS[rnd.int(0, OPERATIONS.length - 1)] as (typeof OPERATIONS)[number], value: rnd.int(1, 100), level: null };
      } else if (attribute.type === 'boolean') {
        threshold = { operation: 'equal', value: true, level: null };
      } else if (attribute.type === 'select') {
        threshold = { operation: 'equal', value: 'Poor', level: null };
      }
      return { attribute: attribute._id, sequenceId: index + 1, threshold, showMandatoryIndicator: attribute.isMandatory };
    });
    checklistRows.push({
      _id: newId(),
      name: `${prefix} checklist ${String(c).padStart(4, '0')}`,
      frequency: FREQUENCIES[rnd.int(0, FREQUENCIES.length - 1)] as string,
      scripts: [],
      checklistItems,
      groups: [{ name: 'Readings', attributes: checklistItems.slice(0, 2).map((item) => item.attribute) }],
    });
  }
  const checklistIds = checklistRows.map((c) => c._id);

  const assetRows: Asset[] = [];
  for (let a = 1; a <= options.assets; a++) {
    const kind = KINDS[rnd.int(0, KINDS.length - 1)] as (typeof KINDS)[number];
    // Every tenth asset joins the previous one's identification (a skid of two).
    const shared = a % 10 === 0 ? assetRows[assetRows.length - 1]?.identification : undefined;
    const identification = shared ?? `${key.toUpperCase()}-${kind.code}-${String(a).padStart(5, '0')}`;
    assetRows.push({
      _id: newId(),
      name: `${prefix} ${kind.word.toLowerCase()} ${String(a).padStart(5, '0')}`,
      identification,
      tags: rnd.sample(TAG_POOL, rnd.int(1, 3)),
      checklists: checklistIds.length > 0 ? rnd.sample(checklistIds, rnd.int(1, 3)) : [],
      staticAttributes: [
        { name: 'Manufacturer', value: kind.manufacturer, type: 'string', sequenceId: 1 },
        { name: 'Serial number', value: `SN-${String(rnd.int(100000, 999999))}`, type: 'string', sequenceId: 2 },
        { name: 'Location', value: `Area ${rnd.int(1, 40)}`, type: 'string', sequenceId: 3 },
      ],
      checklistOptions: [],
      message: '',
    });
  }

  await db.transaction(async (tx) => {
    await tx.insert(attributes).values(attributeRows);
    await insertInBatches(checklistRows, batchSize, (batch) => tx.insert(checklists).values(batch));
    await insertInBatches(assetRows, batchSize, (batch) => tx.insert(assets).values(batch));
  });
  return {
    attributeIds: attributeRows.map((a) => a._id),
    checklistIds,
    assetIds: assetRows.map((a) => a._id),
    ms: Math.round(performance.now() - started),
  };
}
