import SettingsIcon from '@mui/icons-material/Settings';
import type { ConfigEntry } from '../../../common/resources/config';
import type { ResourceDefinition } from '../generic/ResourceDefinition';
import { ConfigDialog } from './ConfigDialog';
import { useConfigColumns } from './useConfigColumns';

export type ConfigRecord = ConfigEntry & { id: string };

/**
 * Configuration management (spec §2.9): Key, Description, Value and an edit action opening the
 * Edit Item dialog; New Item opens the same dialog empty. Failures show the server's message.
 */
export const configResource: ResourceDefinition<ConfigRecord> = {
  name: 'config',
  route: 'configManagement',
  permission: 'manage-config',
  title: 'app.menu.config_management',
  icon: SettingsIcon,
  useColumns: useConfigColumns,
  defaultSort: [{ field: 'key', order: 'asc' }],
  messages: {
    created: 'app.notification.updated',
    copied: 'app.notification.updated',
    updated: 'app.notification.updated',
    deleted: 'app.notification.deleted',
    creationFailed: 'app.config.save_failed',
    copyingFailed: 'app.config.save_failed',
    updatingFailed: 'app.config.save_failed',
    deletionFailed: 'app.config.save_failed',
  },
  create: { label: 'app.config.new_item', kind: 'dialog', Dialog: ConfigDialog },
  failureShowsServerMessage: true,
};
