import WidgetsIcon from '@mui/icons-material/Widgets';
import type { DashboardSection } from '../../../common/resources/dashboard';
import { widgetSchema } from '../../../common/resources/widget';
import { declareResource } from '../mechanism/declareResource';
import { WidgetNavigationInput } from './WidgetNavigationInput';
import { WidgetOptionsInput } from './WidgetOptionsInput';
import type { WidgetRecord } from './types';

/**
 * Widget management (spec §2.9: Widget, Type, Script, Dashboards, Actions; New Widget, Copy
 * Widget). The list reads GET /widget?fields=name,type,script; the record (and a copy's source) is
 * read at /widget/id/{id} (platform/dataProvider/resourcePaths.ts), /widget/{id} being the dashboard's data
 * call. The expanded row edits name, type, script, the options (the colour among them) and the navigation.
 */
export const widgetResource = declareResource<WidgetRecord>({
  name: 'widget', label: 'Widget', schema: widgetSchema, icon: WidgetsIcon, permission: 'manage-widget',
  listFields: ['name', 'type', 'script'], copy: true,
  // The dashboards whose sections show the widget.
  columns: ['name', 'type', 'script', { key: 'dashboards', label: 'Dashboards', resource: 'dashboard', fields: ['name', 'sections'], refersTo: (dashboard) => ((dashboard.sections ?? []) as DashboardSection[]).flatMap((section) => (section.items ?? []).map((item) => item.widget)) }],
  inputs: { options: WidgetOptionsInput },
  FormExtra: () => <WidgetNavigationInput source="navigation" />,
});
