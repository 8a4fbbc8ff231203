import { TextInput, useTranslate } from 'react-admin';
import { scriptSchema } from '../../../common/resources/script';
import type { EditorProps } from '../generic/ResourceDefinition';
import { ResourceForm } from '../generic/ResourceForm';
import type { ScriptRecord } from './index';

const MONOSPACE = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace', fontSize: 13 };

/** Name, description and the script's code (plain monospace text until a code editor arrives). */
export function ScriptEditor({ record, save }: EditorProps<ScriptRecord>) {
  const translate = useTranslate();
  return (
    <ResourceForm record={record} schema={scriptSchema} save={save}>
      <TextInput source="name" label={translate('app.script.fields.name')} />
      <TextInput source="description" label={translate('app.script.fields.description')} multiline />
      <TextInput
        source="code"
        label={translate('app.script.fields.code')}
        multiline
        minRows={8}
        maxRows={30}
        slotProps={{ htmlInput: { spellCheck: false, style: MONOSPACE } }}
      />
    </ResourceForm>
  );
}
