import SettingsIcon from '@mui/icons-material/Settings';
import { configSchema } from '../../../common/resources/config';
import { declareResource } from '../mechanism/declareResource';
import { ConfigDialog } from './ConfigDialog';
import { useConfigColumns } from './useConfigColumns';
import type { ConfigRecord } from './types';

const saved = 'app.notification.updated';
const saveFailed = 'app.config.save_failed';

/**
 * Configuration management (spec §2.9): Key, Description, Value and an edit action opening the
 * Edit Item dialog; New Item opens the same dialog empty; no delete. Spec §8: 'Updated
 * successfully', and failures show the server's message.
 */
export const configResource = declareResource<ConfigRecord>({
  name: 'config', label: 'Configuration', schema: configSchema, icon: SettingsIcon, permission: 'manage-config',
  useColumns: useConfigColumns, defaultSort: [{ field: 'key', order: 'asc' }],
  messages: {
    created: saved, copied: saved, updated: saved, deleted: 'app.notification.deleted',
    creationFailed: saveFailed, copyingFailed: saveFailed, updatingFailed: saveFailed, deletionFailed: saveFailed,
  },
  create: { label: 'app.config.new_item', kind: 'dialog', Dialog: ConfigDialog }, delete: false,
  failureShowsServerMessage: true,
});
