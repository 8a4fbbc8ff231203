import { configEntries } from '../../db/schema';
import { configSchema } from '../../../common/resources/config';
import type { CrudResource } from '../../crud/crudResource';
import { CONFIG_KEY } from '../appInfo/logoImageSource';
import { badRequest } from '../../http/errors';
import { configValueProblem } from './configValueCheckers';

/** Spec §7: GET, POST and PUT only; PUT answers a message; a taken key is spec §5's message. */
export const configResource: CrudResource = {
  entity: 'config',
  label: 'Config',
  table: configEntries,
  schema: configSchema,
  write: 'manage-config',
  defaultOrder: ['key'],
  searchFields: ['key', 'description', 'value'],
  unique: { field: 'key', message: () => 'Config with the same key already exists' },
  operations: { delete: false },
  updateResponse: (row) => ({ ...row, message: 'Config updated' }),
  // Entries other code parses are checked as they are saved (configValueCheckers.ts: the calendar's, the work orders').
  checkReferences: async (db, input) => {
    const problem = await configValueProblem(db, String(input.key), String(input.value ?? ''));
    if (problem) throw badRequest('value', `value: ${problem}`);
  },
  // The CSP's img-src names the logo's origin (server/modules/appInfo/logoImageSource.ts).
  afterWrite: (app) => app.services.bus.publish(CONFIG_KEY),
};
