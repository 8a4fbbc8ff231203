import CodeIcon from '@mui/icons-material/Code';
import { scriptSchema } from '../../../common/resources/script';
import { declareResource } from '../mechanism/declareResource';
import { ScriptEditor } from './ScriptEditor';
import { useScriptColumns } from './useScriptColumns';
import type { ScriptRecord } from './types';

/**
 * Script management (spec §2.9: lists scripts by _id and name). The code is read only when a row
 * is expanded; a script still used by tables or checklists is refused by the server (409).
 */
export const scriptResource = declareResource<ScriptRecord>({
  name: 'script', label: 'Script', schema: scriptSchema, icon: CodeIcon, permission: 'manage-script',
  listFields: ['name'], useColumns: useScriptColumns, Editor: ScriptEditor,
});
