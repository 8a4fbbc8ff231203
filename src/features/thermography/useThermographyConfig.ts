import { useEffect, useState } from 'react';
import { apiUrl } from '../../platform/dataProvider/apiBase';
import { apiFetch } from '../../platform/dataProvider/apiFetch';
import type { Severity } from './noteTypes';

/** GET /thermography/config: the Thermography Info PDF's address and the alert level of each severity. */
export interface ThermographyConfig {
  infoUrl: string;
  severityLevels: Partial<Record<Severity, { _id: string; name: string; color: string; technicalName: string } | null>>;
}

// One read per page load, shared by the drawer entry and every severity chip: the entries change
// rarely (an administrator's edit shows after a reload).
let shared: Promise<ThermographyConfig> | null = null;

function readConfig(): Promise<ThermographyConfig> {
  shared ??= apiFetch<ThermographyConfig>('/thermography/config', { offline: true }).catch((error: unknown) => {
    shared = null;
    throw error;
  });
  return shared;
}

/** Forget the shared read (a signed-out session's; tests). */
export function forgetThermographyConfig(): void {
  shared = null;
}

/** The thermography settings, null until they arrive (or when they cannot be read: the screens work without them). */
export function useThermographyConfig(enabled = true): ThermographyConfig | null {
  const [config, setConfig] = useState<ThermographyConfig | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    readConfig().then(
      (answer) => {
        if (live) setConfig(answer);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [enabled]);
  return enabled ? config : null;
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
