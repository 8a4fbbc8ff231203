import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { thermographyNotes } from '../../db/schema';
import { FILE_URL_PREFIX, type KeyValue, type SeverityLevelChoice, type ThermographyNoteStatus } from '../../../common/thermography/note';

/**
 * Spec §3 "Thermography record (within an inspection)", as the asset detail's thermography view
 * pages through them: observations are plain strings there, where the note (spec §3 "Thermography
 * note (view)", GET thermographyNote/{id}) keeps them as [{v}] for its editor.
 */
export interface ThermographyRecord {
  _id: string;
  imageNumber: string;
  identification: string;
  note: string;
  severityLevel: SeverityLevelChoice | null;
  status: ThermographyNoteStatus;
  thermalImage: string | null;
  realImage: string | null;
  ambientTemperature: number | null;
  measurements: KeyValue[];
  observations: string[];
}

const fileUrl = (column: AnyPgColumn) => sql`case when ${column} is null then null else ${FILE_URL_PREFIX} || ${column} end`;

/** A note's [{v}] entries as the strings they hold, in their order. */
const plainTexts = (column: AnyPgColumn) =>
  sql`(select coalesce(jsonb_agg(entry.value ->> 'v' order by entry.position), '[]'::jsonb) from jsonb_array_elements(${column}) with ordinality as entry(value, position))`;

/**
 * The `records` of an inspection read (GET inspection/{id}, GET inspection?assetId): its
 * thermography notes but the deleted ones, in the order they were entered; [] for a maintenance
 * inspection. One subquery per row, on the notes' (inspection, image number) index.
 */
export function thermographyRecordsOf(inspectionId: AnyPgColumn): SQL<ThermographyRecord[]> {
  const n = thermographyNotes;
  return sql<ThermographyRecord[]>`(select coalesce(jsonb_agg(jsonb_build_object(
      '_id', ${n._id}, 'imageNumber', ${n.imageNumber}, 'identification', ${n.identification}, 'note', ${n.note},
      'severityLevel', ${n.severityLevel}, 'status', ${n.status},
      'thermalImage', ${fileUrl(n.thermalImage)}, 'realImage', ${fileUrl(n.realImage)},
      'ambientTemperature', ${n.ambientTemperature}, 'measurements', ${n.measurements}, 'observations', ${plainTexts(n.observations)}
    ) order by ${n.position}), '[]'::jsonb)
    from ${n} where ${n.inspection} = ${inspectionId} and ${n.status} <> 'deleted')`;
}
