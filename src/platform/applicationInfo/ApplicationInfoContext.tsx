import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { DEFAULT_APPLICATION_NAME, type ApplicationInfo } from '../../../common/api';
import { takeBootAnswer } from '../firstScreen/bootAnswers';
import { apiFetch } from '../dataProvider/apiFetch';
import { keepLogoForOffline } from '../offline/companyLogo';
import { keepAnswer } from '../offline/offlineReads';
import { useServerAnswer } from '../firstScreen/serverAnswers';

const fallback: ApplicationInfo = { applicationName: DEFAULT_APPLICATION_NAME, companyLogoURL: '' };

function shownInfo(loaded: ApplicationInfo): ApplicationInfo {
  return { applicationName: loaded.applicationName || DEFAULT_APPLICATION_NAME, companyLogoURL: loaded.companyLogoURL ?? '' };
}

const ApplicationInfoContext = createContext<ApplicationInfo>(fallback);

/**
 * Fetches the application name and company logo once at start (spec §1, public call) and names the
 * browser tab after it. Until it answers, or if it fails, the product's default name is shown.
 */
export const ApplicationInfoProvider = ({ children }: { children: ReactNode }) => {
  // A page the server draws (src/platform/firstScreen/) names the application as the server knows it.
  const drawn = useServerAnswer<ApplicationInfo>('/init/applicationInfo');
  const [info, setInfo] = useState<ApplicationInfo>(() => (drawn ? shownInfo(drawn) : fallback));

  useEffect(() => {
    const controller = new AbortController();
    const ask = () => apiFetch<ApplicationInfo>('/init/applicationInfo', { authenticated: false, signal: controller.signal, offline: true });
    // Asked already by the boot script when a session is stored (issue 20), and kept for offline starts.
    const early = takeBootAnswer<ApplicationInfo>('/init/applicationInfo');
    (early ? keepAnswer(early, '/init/applicationInfo', false).catch(ask) : ask())
      .then((loaded) => setInfo(shownInfo(loaded)))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.error('Application info could not be loaded', error);
      });
    return () => controller.abort();
  }, []);

  useEffect(() => {
    document.title = info.applicationName;
  }, [info.applicationName]);

  // The logo must show in a plant room too (issue 40 §10c): the service worker keeps it.
  useEffect(() => {
    if (info.companyLogoURL) keepLogoForOffline(info.companyLogoURL);
  }, [info.companyLogoURL]);

  return <ApplicationInfoContext.Provider value={info}>{children}</ApplicationInfoContext.Provider>;
};

export const useApplicationInfo = (): ApplicationInfo => useContext(ApplicationInfoContext);
