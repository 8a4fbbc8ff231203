import { inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { newId } from '../db/ids';
import { assets, serverSecrets } from '../db/schema';
import { spareParts } from '../modules/spareParts/sparePart.resource';
import { vendors } from '../modules/spareParts/vendor.resource';
import type { SparePartInput } from '../../common/resources/sparePart';
import type { VendorInput } from '../../common/resources/vendor';

/** Marks the stores as seeded: a demo whose administrator deleted every part does not get them back. */
const SEEDED_KEY = 'seeded:demo-stores';

const DEMO_VENDORS: VendorInput[] = [
  { name: 'Nordic Pump Service', contactName: 'Maja Lind', phone: '+46 8 555 0142', email: 'orders@nordicpump.example', website: 'https://nordicpump.example', address: 'Industrivägen 12\n171 48 Solna', notes: 'Pump spares within 24 h; seals kept in stock.', active: true },
  { name: 'AirFlow Filters Ltd', contactName: 'Tom Hughes', phone: '+44 161 555 0199', email: 'sales@airflowfilters.example', website: 'https://airflowfilters.example', address: 'Unit 4, Trafford Park\nManchester M17 1AB', notes: 'Filter sets by AHU size; quarterly framework order.', active: true },
  { name: 'Volt Electrical Supplies', contactName: 'Ana Costa', phone: '+351 21 555 0107', email: 'counter@voltsupplies.example', website: '', address: 'Rua do Comércio 88\n1100-150 Lisboa', notes: '', active: true },
  { name: 'Coldline Chiller Parts', contactName: '', phone: '+49 40 555 0163', email: 'parts@coldline.example', website: 'https://coldline.example', address: '', notes: 'Former supplier of the chiller oil filters.', active: false },
];

/** Parts by vendor name and the identifications of the assets they fit; some at or below their reorder level. */
const DEMO_PARTS: (Omit<SparePartInput, 'vendor' | 'assets' | 'photo' | 'datasheet'> & { vendorName: string; fits: string[] })[] = [
  { partNumber: 'NPS-IMP-150', name: 'Impeller 150 mm', vendorName: 'Nordic Pump Service', fits: ['PMP-001', 'PMP-002'], quantityOnHand: 2, reorderLevel: 1, unitCost: 412.5, criticality: 'high', location: 'Store A / rack 2 / bin 4', notes: '' },
  { partNumber: 'NPS-MS-35', name: 'Mechanical seal 35 mm', vendorName: 'Nordic Pump Service', fits: ['PMP-001', 'PMP-002', 'PMP-003'], quantityOnHand: 1, reorderLevel: 3, unitCost: 96.8, criticality: 'high', location: 'Store A / rack 2 / bin 5', notes: 'Change with the bearings.' },
  { partNumber: 'NPS-BRG-6306', name: 'Bearing 6306-2Z', vendorName: 'Nordic Pump Service', fits: ['PMP-001', 'PMP-002', 'PMP-003', 'SKD-001'], quantityOnHand: 8, reorderLevel: 4, unitCost: 18.4, criticality: 'medium', location: 'Store A / rack 1 / bin 9', notes: '' },
  { partNumber: 'AFL-F7-592', name: 'Bag filter F7 592×592', vendorName: 'AirFlow Filters Ltd', fits: ['AHU-001', 'AHU-002'], quantityOnHand: 6, reorderLevel: 6, unitCost: 38, criticality: 'medium', location: 'Store B / shelf 3', notes: 'Six per AHU change.' },
  { partNumber: 'AFL-G4-PANEL', name: 'Panel pre-filter G4', vendorName: 'AirFlow Filters Ltd', fits: ['AHU-001', 'AHU-002'], quantityOnHand: 24, reorderLevel: 12, unitCost: 6.9, criticality: 'low', location: 'Store B / shelf 3', notes: '' },
  { partNumber: 'AFL-VB-SPA1250', name: 'V-belt SPA 1250', vendorName: 'AirFlow Filters Ltd', fits: ['AHU-001', 'AHU-002'], quantityOnHand: 0, reorderLevel: 2, unitCost: 14.2, criticality: 'medium', location: 'Store B / shelf 1', notes: '' },
  { partNumber: 'VES-CT-40A', name: 'Contactor 40 A, 230 V coil', vendorName: 'Volt Electrical Supplies', fits: ['PNL-001', 'PNL-002', 'SKD-001'], quantityOnHand: 3, reorderLevel: 2, unitCost: 57.3, criticality: 'high', location: 'Store C / cabinet 1', notes: '' },
  { partNumber: 'VES-FU-32GG', name: 'Fuse gG 32 A (10 pack)', vendorName: 'Volt Electrical Supplies', fits: ['PNL-001', 'PNL-002'], quantityOnHand: 5, reorderLevel: 2, unitCost: 21, criticality: 'low', location: 'Store C / cabinet 1', notes: '' },
  { partNumber: 'CCP-OF-220', name: 'Oil filter cartridge', vendorName: 'Coldline Chiller Parts', fits: ['CHL-001', 'CHL-002'], quantityOnHand: 1, reorderLevel: 1, unitCost: 74.95, criticality: 'high', location: 'Store A / rack 4', notes: 'Order from the chiller maker now.' },
];

/** The demo's stores (docs/spare-parts.md): vendors and the parts the demo plant's assets use, once. */
export async function ensureDemoStores(db: Database): Promise<void> {
  const [claimed] = await db.insert(serverSecrets).values({ key: SEEDED_KEY, value: String(Date.now()) }).onConflictDoNothing().returning();
  if (!claimed) return;
  const vendorIds = new Map(DEMO_VENDORS.map((vendor) => [vendor.name, newId()]));
  await db.insert(vendors).values(DEMO_VENDORS.map((vendor) => ({ ...vendor, _id: vendorIds.get(vendor.name)! }))).onConflictDoNothing();
  const fitted = await db.select({ _id: assets._id, identification: assets.identification }).from(assets).where(inArray(assets.identification, [...new Set(DEMO_PARTS.flatMap((part) => part.fits))]));
  await db
    .insert(spareParts)
    .values(
      DEMO_PARTS.map(({ vendorName, fits, ...part }) => ({
        ...part,
        _id: newId(),
        vendor: vendorIds.get(vendorName) ?? null,
        assets: fitted.filter((asset) => fits.includes(asset.identification)).map((asset) => asset._id),
      })),
    )
    .onConflictDoNothing();
}
