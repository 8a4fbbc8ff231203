import type { Inspection } from '../../../common/resources/inspection';
import type { KeyValue, Severity } from './noteTypes';

/** Spec §3 Thermography record, as inspection reads list them in `records` (deleted notes left out). */
export interface ThermographyRecord {
  _id: string;
  imageNumber?: string;
  identification: string;
  severityLevel: Severity | null;
  thermalImage: string | null;
  realImage: string | null;
  ambientTemperature: number | null;
  measurements: KeyValue[];
  observations: string[];
}

export type PagedRecord = ThermographyRecord & { inspectionId: string; timestamp: number };

/** The records of the asset's thermography inspections, newest inspection first, in their order within each. */
export function thermographyRecordsOf(inspections: readonly Inspection[]): PagedRecord[] {
  return [...inspections]
    .filter((inspection) => inspection.type === 'ThermographyInspection')
    .sort((a, b) => b.timestamp - a.timestamp)
    .flatMap((inspection) => {
      const records = (inspection as Inspection & { records?: ThermographyRecord[] }).records ?? [];
      return records.map((record) => ({ ...record, inspectionId: inspection._id, timestamp: inspection.timestamp }));
    });
}
