import { useTranslate } from 'react-admin';
import { assetSchema } from '../../../common/resources/asset';
import type { EditorProps } from '../mechanism/ResourceDefinition';
import { ResourceForm } from '../mechanism/ResourceForm';
import { AssetInputs } from './AssetInputs';
import type { AssetRecord } from './types';

/** The expanded row's editor: the dialog's inputs, saved as the whole asset (spec §7 PUT). */
export function AssetEditor({ record, save }: EditorProps<AssetRecord>) {
  const translate = useTranslate();
  return (
    <ResourceForm<AssetRecord> record={record} schema={assetSchema} save={save} saveLabel={translate('app.asset.save')}>
      <AssetInputs />
    </ResourceForm>
  );
}
