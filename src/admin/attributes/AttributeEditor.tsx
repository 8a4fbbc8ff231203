import { attributeSchema } from '../../../common/resources/attribute';
import type { EditorProps } from '../mechanism/ResourceDefinition';
import { ResourceForm } from '../mechanism/ResourceForm';
import { AttributeInputs, attributeSaveDisabled } from './AttributeInputs';
import type { AttributeRecord } from './types';

/** The inline editor of an expanded attribute row: the dialog's fields, saved in place. */
export function AttributeEditor({ record, save }: EditorProps<AttributeRecord>) {
  return (
    <ResourceForm<AttributeRecord> record={record} schema={attributeSchema} save={save} saveDisabled={attributeSaveDisabled}>
      <AttributeInputs />
    </ResourceForm>
  );
}
