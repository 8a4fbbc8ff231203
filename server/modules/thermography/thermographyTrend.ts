import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { thermographyNotes } from '../../db/schema';
import { maxTemperatureOf } from '../../../common/thermography/temperatures';
import type { SeverityLevelChoice } from '../../../common/thermography/note';

export interface ThermographyTrendPoint {
  note: string;
  inspection: string;
  timestamp: number;
  imageNumber: string;
  identification: string;
  severityLevel: SeverityLevelChoice | null;
  /** The note's hottest spot, °C. */
  maxTemperature: number;
}

/**
 * GET /asset/{id}/thermographyTrend: each approved note's hottest spot over time, oldest first,
 * for the asset detail's chart. Notes without a Max measurement have no point. The identification
 * tells the components apart (one series each, e.g. "Q3 phase L2").
 */
export async function thermographyTrend(db: Database, assetId: string): Promise<ThermographyTrendPoint[]> {
  const rows = await db
    .select({
      note: thermographyNotes._id,
      inspection: thermographyNotes.inspection,
      timestamp: thermographyNotes.timestamp,
      imageNumber: thermographyNotes.imageNumber,
      identification: thermographyNotes.identification,
      severityLevel: thermographyNotes.severityLevel,
      measurements: thermographyNotes.measurements,
    })
    .from(thermographyNotes)
    .where(and(eq(thermographyNotes.asset, assetId), eq(thermographyNotes.status, 'approved')))
    .orderBy(asc(thermographyNotes.timestamp), asc(thermographyNotes.position));
  return rows.flatMap(({ measurements, severityLevel, ...row }) => {
    const maxTemperature = maxTemperatureOf(measurements);
    return maxTemperature === null ? [] : [{ ...row, severityLevel: severityLevel as SeverityLevelChoice | null, maxTemperature }];
  });
}
