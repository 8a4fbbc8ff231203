import { apiUrl } from '../../platform/dataProvider/apiBase';
import { apiQuery } from '../../platform/dataProvider/apiQuery';
import { useApiQuery } from '../../platform/dataProvider/useApiQuery';
import type { Severity } from './noteTypes';
import type { SeverityCriterion } from '../../../common/thermography/suggestedSeverity';

/** GET /thermography/config: the Thermography Info PDF's address, the alert level of each severity and the criteria a note is graded by. */
export interface ThermographyConfig {
  infoUrl: string;
  severityLevels: Partial<Record<Severity, { _id: string; name: string; color: string; technicalName: string } | null>>;
  criteria?: SeverityCriterion[];
}

/**
 * GET /thermography/config, kept for offline use. One read per page load, shared by the drawer entry
 * and every severity chip: the entries change rarely (an administrator's edit shows after a reload).
 * A failed read is asked again by the next screen that shows them.
 */
export const thermographyConfigQuery = () => ({
  ...apiQuery<ThermographyConfig>('/thermography/config', { offline: true, staleTime: Infinity }),
  gcTime: Infinity,
});

/** The thermography settings, null until they arrive (or when they cannot be read: the screens work without them). */
export function useThermographyConfig(enabled = true): ThermographyConfig | null {
  const { data } = useApiQuery({ ...thermographyConfigQuery(), enabled });
  return enabled ? (data ?? null) : null;
}

/**
 * The Thermography Info PDF's address (config entry thermography.infoUrl), for the drawer entry.
 * The default is served by our API (`/api/thermography/info.pdf`): that one goes to the API's host,
 * wherever the build points it (VITE_API_URL); any other address is opened as it is.
 */
export function useThermographyInfoUrl(): string | null {
  const url = useThermographyConfig()?.infoUrl;
  if (!url) return null;
  return url.startsWith('/api/') ? apiUrl(url.slice('/api'.length)) : url;
}
