import type { DocumentModel } from '../../../common/reports/documentModel';
import { NETA_MIN_DELTA_T, NETA_OVER_AMBIENT, NETA_OVER_SIMILAR } from '../../../common/thermography/suggestedSeverity';
import { SEVERITY_LEVELS } from '../../../common/thermography/note';

const band = (bands: readonly { above: number; level: string }[], level: string): string => {
  const index = bands.findIndex((b) => b.level === level);
  if (index < 0) return level === 'D' ? `from ${NETA_MIN_DELTA_T} up to ${bands[bands.length - 1]!.above} °C` : '—';
  const above = bands[index]!.above;
  const upTo = index > 0 ? bands[index - 1]!.above : null;
  return upTo === null ? `more than ${above} °C` : `more than ${above} up to ${upTo} °C`;
};

const ACTIONS: Record<string, string> = {
  A: 'Major discrepancy: repair immediately',
  B: 'Monitor until corrective measures can be accomplished',
  C: 'Probable deficiency: repair as time permits',
  D: 'Possible deficiency: warrants investigation',
};

/**
 * The Thermography Info document (spec §2.4's drawer entry), served as a PDF at
 * GET /thermography/info.pdf until an administrator points `thermography.infoUrl` elsewhere. Its
 * severity table is built from the same bands the suggested severity uses.
 */
export function thermographyInfoDocument(): DocumentModel {
  return {
    title: 'Thermography Info',
    subtitle: 'Recording, rating and approving thermography notes',
    paragraphs: [
      'In the field: open the asset by its QR code, add one note per thermal image with its image number (as the camera numbered the file), what it shows (e.g. "Q3 phase L2"), the ambient temperature and, for a breaker, its rating and the phase currents R, Y, B. Survey under load: at least 40 % of the rated current.',
      'In the office: upload the thermal image (a JPEG of at most 1 MB). A FLIR radiometric JPEG brings its own visible picture, the camera settings and the minimum, maximum and centre temperatures. Correct emissivity, reflected temperature or distance when the camera was set wrong: the temperatures are computed again, the camera values stay beside them.',
      'Severity: A is the most severe, D the least. The suggestion follows the NETA Maintenance Testing Specifications ΔT criteria: the hottest spot over the ambient air, or over a similar component under similar load when a reference note is chosen; with measurement tools, the most severe of their differences. Below 1 °C nothing is suggested. The engineer decides.',
      'Record the load at the time of the scan (% of rated) and the criterion. NFPA 70B grades by the same bands but suggests nothing until a load of at least 40 % is recorded; the site may configure its own bands. A load under 40 % is flagged: findings may be understated.',
      'Approval: a note needs a severity, a real image and a thermal image before it is sent for approval or approved. An approved note is read-only and raises one thermography alert at the alert level configured for its severity.',
    ],
    tables: [
      {
        title: 'Severity from ΔT (NETA MTS)',
        columns: ['Severity', 'ΔT over ambient air', 'ΔT over a similar component', 'Action'],
        rows: SEVERITY_LEVELS.map((level) => [level, band(NETA_OVER_AMBIENT, level), band(NETA_OVER_SIMILAR, level), ACTIONS[level] ?? '']),
      },
      {
        title: 'Note statuses',
        columns: ['Status', 'Meaning'],
        rows: [
          ['draft', 'Recorded in the field; the engineer completes it'],
          ['pendingApproval', 'Complete, waiting for a manager'],
          ['approved', 'Approved and read-only; its alert is raised'],
          ['deleted', 'Taken out of the list'],
        ],
      },
    ],
  };
}
