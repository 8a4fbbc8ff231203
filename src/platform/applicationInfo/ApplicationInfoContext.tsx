import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { DEFAULT_APPLICATION_NAME, type ApplicationInfo } from '../../../common/api';
import { APPLICATION_INFO_PATH } from '../../../common/firstAsks';
import { apiQuery } from '../dataProvider/apiQuery';
import { useApiQuery } from '../dataProvider/useApiQuery';
import { keepLogoForOffline } from '../offline/companyLogo';

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
  // Kept for offline starts; a drawn page holds it (src/platform/firstScreen/drawnAnswers.ts).
  const { data, error } = useApiQuery(apiQuery<ApplicationInfo>(APPLICATION_INFO_PATH, { authenticated: false, offline: true, staleTime: Infinity }));
  const info = useMemo(() => (data ? shownInfo(data) : fallback), [data]);
  useEffect(() => {
    if (error) console.error('Application info could not be loaded', error);
  }, [error]);

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
