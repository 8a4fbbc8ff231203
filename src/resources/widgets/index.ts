import WidgetsIcon from '@mui/icons-material/Widgets';
import type { Widget } from '../../../common/resources/widget';
import { standardMessages, type ResourceDefinition } from '../generic/ResourceDefinition';
import { useWidgetColumns } from './useWidgetColumns';
import { WidgetEditor } from './WidgetEditor';

export type WidgetRecord = Widget & { id: string };

/**
 * Widget management (spec §2.9: Widget, Type, Script, Dashboards, Actions; New Widget, Copy
 * Widget). The list reads GET /widget?fields=name,type,script; the record (and a copy's source) is
 * read at /widget/id/{id} (dataProvider/resourcePaths.ts), /widget/{id} being the dashboard's data
 * call. The expanded row edits name, type, script, the options and the navigation.
 */
export const widgetResource: ResourceDefinition<WidgetRecord> = {
  name: 'widget',
  route: 'widgetManagement',
  permission: 'manage-widget',
  title: 'app.menu.widget_management',
  icon: WidgetsIcon,
  listFields: ['name', 'type', 'script'],
  useColumns: useWidgetColumns,
  defaultSort: [{ field: 'name', order: 'asc' }],
  messages: standardMessages('widget'),
  create: { label: 'app.widget.new', kind: 'prompt' },
  copy: { label: 'app.widget.copy' },
  remove: {},
  Editor: WidgetEditor,
};
