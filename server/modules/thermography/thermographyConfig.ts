import { asc, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { alertLevels, configEntries } from '../../db/schema';
import { SEVERITY_LEVELS, type SeverityLevelChoice } from '../../../common/thermography/note';
import type { AlertLevelRow } from '../inspections/thresholdAlerts';
import { DEFAULT_SITE_CRITERION, siteCriterionOf } from '../../../common/thermography/suggestedSeverity';

/**
 * Thermography's config entries (docs/thermography.md, "Configuration"), seeded on every start
 * when missing and edited in Configuration afterwards.
 */
export const SEVERITY_ALERT_LEVELS_KEY = 'thermography.severityAlertLevels';
export const INFO_URL_KEY = 'thermography.infoUrl';
export const SITE_CRITERION_KEY = 'thermography.siteSeverityCriterion';

/** A→most severe … D→least, by the alert levels' technical names (server/seed/alertLevels.ts). */
export const DEFAULT_SEVERITY_ALERT_LEVELS: Record<SeverityLevelChoice, string> = { A: 'critical', B: 'high', C: 'medium', D: 'low' };
/** The Thermography Info PDF (spec §2.4) served by this server until an administrator names another. */
export const DEFAULT_INFO_URL = '/api/thermography/info.pdf';

export const THERMOGRAPHY_CONFIG_ENTRIES = [
  {
    key: SEVERITY_ALERT_LEVELS_KEY,
    description: 'Thermography: the alert level (technical name) an approved note raises, per severity A–D (JSON)',
    value: JSON.stringify(DEFAULT_SEVERITY_ALERT_LEVELS),
  },
  { key: INFO_URL_KEY, description: 'Thermography: address of the Thermography Info PDF opened from the menu', value: DEFAULT_INFO_URL },
  {
    key: SITE_CRITERION_KEY,
    description:
      'Thermography: the site\'s own severity criterion, chosen per note beside NETA MTS and NFPA 70B (JSON: name; overAmbient and overSimilar, lists of {above: °C, level: A–D}; minDeltaT, °C, from which D; needsLoad, true to suggest nothing under 40 % load)',
    value: JSON.stringify(DEFAULT_SITE_CRITERION),
  },
] as const;

/**
 * The alert level of each severity: the config entry's technical names, read leniently — a
 * severity the entry does not name, or names a level that does not exist, falls back to the
 * level of the same rank (A the most severe, D the fourth), then to the least severe level.
 */
export function severityLevelsFrom(configValue: string | undefined, levels: readonly AlertLevelRow[]): Record<SeverityLevelChoice, AlertLevelRow | null> {
  let configured: Record<string, unknown> = {};
  try {
    const parsed: unknown = configValue ? JSON.parse(configValue) : {};
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) configured = parsed as Record<string, unknown>;
  } catch {
    // An entry that is not JSON is treated as naming nothing: the rank fallback still raises the alert.
  }
  const byTechnicalName = new Map(levels.map((level) => [level.technicalName, level]));
  const ranked = [...levels].sort((a, b) => a.rank - b.rank);
  const mapping = {} as Record<SeverityLevelChoice, AlertLevelRow | null>;
  SEVERITY_LEVELS.forEach((severity, index) => {
    const name = configured[severity];
    mapping[severity] = (typeof name === 'string' && byTechnicalName.get(name)) || ranked[Math.min(index, ranked.length - 1)] || null;
  });
  return mapping;
}

export async function readThermographyConfig(db: Database) {
  const [rows, levels] = await Promise.all([
    db.select().from(configEntries).where(inArray(configEntries.key, [SEVERITY_ALERT_LEVELS_KEY, INFO_URL_KEY, SITE_CRITERION_KEY])),
    db.select().from(alertLevels).orderBy(asc(alertLevels.rank)),
  ]);
  const value = (key: string) => rows.find((row) => row.key === key)?.value;
  return {
    infoUrl: value(INFO_URL_KEY) || DEFAULT_INFO_URL,
    severityLevels: severityLevelsFrom(value(SEVERITY_ALERT_LEVELS_KEY), levels),
    siteCriterion: siteCriterionOf(value(SITE_CRITERION_KEY)),
  };
}
