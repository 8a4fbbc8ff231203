import WidgetsIcon from '@mui/icons-material/Widgets';
import { widgetSchema } from '../../../common/resources/widget';
import { declareResource } from '../mechanism/declareResource';
import { useWidgetColumns } from './useWidgetColumns';
import { WidgetEditor } from './WidgetEditor';
import type { WidgetRecord } from './types';

/**
 * Widget management (spec §2.9: Widget, Type, Script, Dashboards, Actions; New Widget, Copy
 * Widget). The list reads GET /widget?fields=name,type,script; the record (and a copy's source) is
 * read at /widget/id/{id} (platform/dataProvider/resourcePaths.ts), /widget/{id} being the dashboard's data
 * call. The expanded row edits name, type, script, the options and the navigation.
 */
export const widgetResource = declareResource<WidgetRecord>({
  name: 'widget', label: 'Widget', schema: widgetSchema, icon: WidgetsIcon, permission: 'manage-widget',
  listFields: ['name', 'type', 'script'], useColumns: useWidgetColumns, copy: true, Editor: WidgetEditor,
});
