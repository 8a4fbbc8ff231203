import { readFile } from 'node:fs/promises';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { newId } from '../db/ids';
import { alertLevels, alerts, assets, configEntries, inspections, serverSecrets, thermographyNotes, users } from '../db/schema';
import { insertFiles, type NewFileRow } from '../modules/files/insertFiles';
import type { KeyValue, SeverityLevelChoice, TextEntry, ThermographyNoteStatus } from '../../common/thermography/note';
import { foldBreakerAttributes, breakerLoadPercent } from '../../common/thermography/breakerFold';
import { readFlirJpeg } from '../modules/thermography/flir/readFlir';
import type { FlirReading } from '../modules/thermography/flir/flirReading';
import { NOTE_FILE_OWNER } from '../modules/thermography/noteImages';
import { approvalAlert } from '../modules/thermography/changeStatus';
import { SEVERITY_ALERT_LEVELS_KEY, severityLevelsFrom } from '../modules/thermography/thermographyConfig';
import type { CameraReading } from '../modules/thermography/cameraReading';

const DAY_MS = 86_400_000;
const FIXTURE_DIR = new URL('./thermography/', import.meta.url);
const LEDGER_KEY = 'seeded-demo-thermography';

type Fixture = 'flir-one' | 'flir-ax8' | 'flir-t420' | 'flir-i7' | 'dji-zenmuse-xtr';

interface DemoNote {
  imageNumber: string;
  identification: string;
  note: string;
  breaker?: { capacity: number; currents: { r: number; y: number; b: number } };
  ambientTemperature: number;
  /** The thermal image an engineer uploaded (extractMoreInfo=true); none while the note is as the technician left it. */
  image?: Fixture;
  status: ThermographyNoteStatus;
  severityLevel?: SeverityLevelChoice;
  observations?: string[];
  recommendations?: string[];
  /** The approval alert was resolved this many days after the round, with this remark. */
  resolved?: { afterDays: number; remark: string };
}

interface DemoRound {
  identification: string;
  daysAgo: number;
  notes: DemoNote[];
}

/**
 * Observations and recommendations use the web editor's predefined texts
 * (src/features/thermography/predefinedTexts.ts), so they show as chosen options.
 *
 * A thermography story on the catalogue's electrical assets (docs/thermography.md, "Demo data"):
 * the main distribution board surveyed twice — a hot incomer rated A and approved (its alert
 * raised), then found cool again after repair — and a feeder awaiting approval; a lighting panel
 * with drafts (one without a real image, as the FLIR i7 has none) and a deleted duplicate; the
 * booster set's panel just recorded in the field. Every status of spec §3 occurs.
 */
const ROUNDS: readonly DemoRound[] = [
  {
    identification: 'PNL-001',
    daysAgo: 60,
    notes: [
      {
        imageNumber: '0101', identification: 'Incomer phase L1', note: 'Incomer cable lug hot, discoloured insulation.', ambientTemperature: 24,
        breaker: { capacity: 630, currents: { r: 412, y: 380, b: 371 } }, image: 'flir-t420', status: 'approved', severityLevel: 'A',
        observations: ['Overheated area detected', 'Overheated terminal detected'], recommendations: ['Check the terminals for loose or corroded connections'],
        resolved: { afterDays: 39, remark: 'Lug replaced and retightened to torque; re-survey clear.' },
      },
      {
        imageNumber: '0102', identification: 'Outgoing feeder Q3', note: 'Feeder cable warm along its length.', ambientTemperature: 25,
        breaker: { capacity: 160, currents: { r: 148, y: 151, b: 139 } }, image: 'flir-one', status: 'approved', severityLevel: 'B',
        observations: ['Overheated cable detected'], recommendations: ['Check the cable capacity against the load current'],
      },
    ],
  },
  {
    identification: 'PNL-001',
    daysAgo: 20,
    notes: [
      {
        imageNumber: '0214', identification: 'Incomer phase L1', note: 'After lug replacement.', ambientTemperature: 21,
        image: 'flir-ax8', status: 'approved', severityLevel: 'D', observations: ['No anomalies detected'],
      },
      {
        imageNumber: '0215', identification: 'Outgoing feeder Q3', note: 'Still warm under the same load.', ambientTemperature: 22,
        breaker: { capacity: 160, currents: { r: 150, y: 149, b: 141 } }, image: 'flir-one', status: 'pendingApproval', severityLevel: 'B',
        observations: ['Overheated cable detected'], recommendations: ['Check the cable capacity against the load current'],
      },
    ],
  },
  {
    identification: 'PNL-002',
    daysAgo: 5,
    notes: [
      { imageNumber: '12', identification: 'Lighting circuit C4', note: 'Low load at the time of the survey.', ambientTemperature: 9, image: 'flir-i7', status: 'draft', observations: ['Load current insufficient for a conclusive inspection'] },
      { imageNumber: '13', identification: 'Roof feeder', note: 'Taken from the roof walkway.', ambientTemperature: 30, image: 'dji-zenmuse-xtr', status: 'draft' },
      { imageNumber: '14', identification: 'Lighting circuit C4 (again)', note: 'Same image twice.', ambientTemperature: 9, image: 'flir-ax8', status: 'deleted' },
    ],
  },
  {
    identification: 'SKD-001',
    daysAgo: 2,
    notes: [
      { imageNumber: '1', identification: 'Main switch', note: 'Panel door open, pumps running.', ambientTemperature: 19, breaker: { capacity: 63, currents: { r: 21, y: 22, b: 20 } }, status: 'draft' },
      { imageNumber: '2', identification: 'Pump B contactor', note: '', ambientTemperature: 19, breaker: { capacity: 25, currents: { r: 9.5, y: 9.8, b: 9.6 } }, status: 'draft' },
    ],
  },
];


/** The demo notes, once (ledger), while there are none; after the catalogue, users and alert levels. */
export async function ensureDemoThermography(db: Database): Promise<void> {
  const [anyNote] = await db.select({ _id: thermographyNotes._id }).from(thermographyNotes).limit(1);
  if (anyNote) return;
  const people = new Map(
    (await db.select({ _id: users._id, username: users.username }).from(users).where(inArray(users.username, ['thermo.tech', 'thermo.engineer', 'thermo.manager']))).map((u) => [u.username, u._id]),
  );
  const technician = people.get('thermo.tech');
  const engineer = people.get('thermo.engineer');
  const manager = people.get('thermo.manager');
  if (!technician || !engineer || !manager) return;

  const fixtures = new Map<Fixture, { bytes: Uint8Array; reading: FlirReading }>();
  for (const name of new Set(ROUNDS.flatMap((round) => round.notes.flatMap((note) => (note.image ? [note.image] : []))))) {
    const bytes = new Uint8Array(await readFile(new URL(`${name}.jpg`, FIXTURE_DIR)));
    fixtures.set(name, { bytes, reading: await readFlirJpeg(bytes) });
  }
  const levels = await db.select().from(alertLevels).orderBy(asc(alertLevels.rank));
  const [mappingEntry] = await db.select({ value: configEntries.value }).from(configEntries).where(eq(configEntries.key, SEVERITY_ALERT_LEVELS_KEY));
  const severityLevels = severityLevelsFrom(mappingEntry?.value, levels);
  const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;

  await db.transaction(async (tx) => {
    const [claimed] = await tx.insert(serverSecrets).values({ key: LEDGER_KEY, value: String(Date.now()) }).onConflictDoNothing().returning();
    if (!claimed) return;
    for (const round of ROUNDS) {
      const [asset] = await tx
        .select({ _id: assets._id })
        .from(assets)
        .where(and(eq(assets.identification, round.identification), isNull(assets.archivedAt)))
        .orderBy(asc(assets.name))
        .limit(1);
      if (!asset) continue;
      // Mid-morning of that day: the round, then the engineer's work in the afternoon.
      const timestamp = today - round.daysAgo * DAY_MS + 9.5 * 3_600_000;
      const reviewedAt = timestamp + 5 * 3_600_000;
      const inspectionId = newId();
      await tx.insert(inspections).values({ _id: inspectionId, timestamp, user: technician, checklist: null, asset: asset._id, type: 'ThermographyInspection', createdAt: timestamp });
      for (const [position, demo] of round.notes.entries()) {
        const noteId = newId();
        const fixture = demo.image ? fixtures.get(demo.image) : undefined;
        const fileRows: NewFileRow[] = [];
        const file = (name: string, contentType: string, data: Uint8Array): string => {
          const _id = newId();
          fileRows.push({ _id, name, contentType, data, uploadedBy: engineer, ownerType: NOTE_FILE_OWNER, ownerId: noteId, createdAt: reviewedAt });
          return _id;
        };
        const reading = fixture?.reading;
        const thermalImage = fixture ? file(`${demo.image}.jpg`, 'image/jpeg', fixture.bytes) : null;
        const realImage = reading?.realImage ? file(`${demo.image}-visible.jpg`, reading.realImage.contentType, reading.realImage.bytes) : null;
        const camera: CameraReading | null = reading?.isFlir ? { parameters: reading.parameters, measurements: reading.measurements, radiometry: reading.radiometry } : null;
        const approved = demo.status === 'approved';
        const row = {
          _id: noteId,
          inspection: inspectionId,
          asset: asset._id,
          timestamp,
          position,
          imageNumber: demo.imageNumber,
          identification: demo.identification,
          note: foldBreakerAttributes(demo.note, demo.breaker ?? null),
          breakerAttributes: demo.breaker ?? null,
          loadPercent: breakerLoadPercent(demo.breaker),
          ambientTemperature: demo.ambientTemperature,
          severityLevel: demo.severityLevel ?? null,
          status: demo.status,
          thermalImage,
          realImage,
          measurements: (reading?.measurements ?? []) as KeyValue[],
          parameters: (reading?.parameters ?? []) as KeyValue[],
          observations: (demo.observations ?? []).map((v): TextEntry => ({ v })),
          recommendations: (demo.recommendations ?? []).map((v): TextEntry => ({ v })),
          camera,
          createdBy: technician,
          approvedBy: approved ? manager : null,
          approvedAt: approved ? reviewedAt : null,
          createdAt: timestamp,
          updatedAt: fixture ? reviewedAt : timestamp,
        };
        await insertFiles(tx, fileRows);
        const [stored] = await tx.insert(thermographyNotes).values(row).returning();
        const level = approved && stored ? severityLevels[demo.severityLevel ?? 'D'] : null;
        if (stored && level) {
          const alert = approvalAlert(stored, level, reviewedAt);
          const resolution = demo.resolved ? { remark: demo.resolved.remark, resolvedBy: engineer, resolvedAt: timestamp + demo.resolved.afterDays * DAY_MS } : {};
          await tx.insert(alerts).values({ ...alert, ...resolution });
        }
      }
    }
  });
}
