import { createContext, useContext, type ReactNode } from 'react';

/**
 * The zone times are shown in (formatTime.ts), when the screen is drawn somewhere other than the
 * phone: the server draws a first screen in the zone the phone told it (issue 20). In a context,
 * not module state: the server draws for several phones at once. Undefined: the device's own zone.
 */
const TimeZoneContext = createContext<string | undefined>(undefined);

export const TimeZoneProvider = ({ timeZone, children }: { timeZone: string | undefined; children: ReactNode }) => (
  <TimeZoneContext.Provider value={timeZone}>{children}</TimeZoneContext.Provider>
);

export const useTimeZone = (): string | undefined => useContext(TimeZoneContext);
