import { Divider } from '@mui/material';
import { Menu } from 'react-admin';
import { useSessionUser } from '../platform/authProvider/useSession';
import { DrawerMenuItem } from './DrawerMenuItem';
import { managementEntries, navigationEntries } from './engineerMenuEntries';
import { entryKey, visibleEntries } from './MenuEntry';

/** The side drawer: only the entries whose permission the user holds (spec §2.4, §6). */
export const EngineerMenu = () => {
  const granted = useSessionUser()?.permissions ?? [];
  const navigation = visibleEntries(navigationEntries, granted);
  const management = visibleEntries(managementEntries, granted);
  return (
    <Menu>
      {navigation.map((entry) => (
        <DrawerMenuItem key={entryKey(entry)} entry={entry} />
      ))}
      {navigation.length > 0 && management.length > 0 ? <Divider /> : null}
      {management.map((entry) => (
        <DrawerMenuItem key={entry.to} entry={entry} />
      ))}
    </Menu>
  );
};
