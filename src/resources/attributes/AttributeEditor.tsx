import { attributeSchema } from '../../../common/resources/attribute';
import type { EditorProps } from '../generic/ResourceDefinition';
import { ResourceForm } from '../generic/ResourceForm';
import { AttributeInputs, attributeSaveDisabled } from './AttributeInputs';
import type { AttributeRecord } from './index';

/** The inline editor of an expanded attribute row: the dialog's fields, saved in place. */
export function AttributeEditor({ record, save }: EditorProps<AttributeRecord>) {
  return (
    <ResourceForm<AttributeRecord> record={record} schema={attributeSchema} save={save} saveDisabled={attributeSaveDisabled}>
      <AttributeInputs />
    </ResourceForm>
  );
}
