import CodeIcon from '@mui/icons-material/Code';
import type { Script } from '../../../common/resources/script';
import { standardMessages, type ResourceDefinition } from '../generic/ResourceDefinition';
import { ScriptEditor } from './ScriptEditor';
import { useScriptColumns } from './useScriptColumns';

export type ScriptRecord = Script & { id: string };

/**
 * Script management (spec §2.9: lists scripts by _id and name). The code is read only when a row
 * is expanded; a script still used by tables or checklists is refused by the server (409).
 */
export const scriptResource: ResourceDefinition<ScriptRecord> = {
  name: 'script',
  route: 'scriptManagement',
  permission: 'manage-script',
  title: 'app.menu.script_management',
  icon: CodeIcon,
  listFields: ['name'],
  useColumns: useScriptColumns,
  defaultSort: [{ field: 'name', order: 'asc' }],
  messages: standardMessages('script'),
  create: { label: 'app.script.new', kind: 'prompt' },
  remove: {},
  Editor: ScriptEditor,
};
