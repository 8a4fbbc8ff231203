import { TextInput, useTranslate } from 'react-admin';
import { dashboardSchema } from '../../../common/resources/dashboard';
import { DashboardFiltersInput } from './DashboardFiltersInput';
import { DashboardSectionsInput } from './DashboardSectionsInput';
import type { EditorProps } from '../mechanism/ResourceDefinition';
import { ResourceForm } from '../mechanism/ResourceForm';
import type { DashboardAdminRecord } from './types';

/** The dashboard editor (spec §2.9): name, filters with their options, sections with their widget items. */
export function DashboardEditor({ record, save }: EditorProps<DashboardAdminRecord>) {
  const translate = useTranslate();
  return (
    <ResourceForm record={record} schema={dashboardSchema} save={save}>
      <TextInput source="name" label={translate('app.dashboard_admin.fields.name')} sx={{ maxWidth: 480 }} />
      <DashboardFiltersInput source="filters" sectionsSource="sections" />
      <DashboardSectionsInput source="sections" filtersSource="filters" />
    </ResourceForm>
  );
}
