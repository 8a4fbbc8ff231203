import { Suspense, useId, useState } from 'react';
import { FormHelperText, FormLabel, LinearProgress, Stack } from '@mui/material';
import { TextInput, useInput, useTranslate } from 'react-admin';
import { scriptSchema } from '../../../common/resources/script';
import { lazyWithTimeout } from '../../shared/ui/lazyWithTimeout';
import type { EditorProps } from '../mechanism/ResourceDefinition';
import { ResourceForm } from '../mechanism/ResourceForm';
import type { ScriptRecord } from './types';
import { ScriptRunPreview } from './ScriptRunPreview';

// CodeMirror is loaded only when a script is opened, never with the rest of the app.
const CodeEditor = lazyWithTimeout('CodeEditor', () => import('./CodeEditor').then((module) => module.CodeEditor));

const asText = (value: unknown) => (typeof value === 'string' ? value : '');
const keepText = (value: string) => value;

/** The script's code in the code editor, as a field of the form (dirty on edits, saved with Save). */
function CodeInput({ errorLine }: { errorLine: { line: number } | null }) {
  const translate = useTranslate();
  const labelId = useId();
  const hintId = useId();
  const { field, fieldState } = useInput<string>({ source: 'code', format: asText, parse: keepText });
  const label = translate('app.script.fields.code');
  return (
    <Stack spacing={0.5}>
      <FormLabel id={labelId} error={fieldState.invalid}>{label}</FormLabel>
      <Suspense fallback={<LinearProgress aria-label={translate('app.script.editor_loading')} />}>
        <CodeEditor
          value={asText(field.value)}
          onChange={field.onChange}
          onBlur={field.onBlur}
          label={label}
          describedBy={hintId}
          errorLine={errorLine}
          invalid={fieldState.invalid}
        />
      </Suspense>
      <FormHelperText id={hintId} error={fieldState.invalid}>
        {fieldState.error?.message ? translate(fieldState.error.message, { _: fieldState.error.message }) : translate('app.script.editor_keys')}
      </FormHelperText>
    </Stack>
  );
}

/** Name, description, the script's code in a code editor, and a run preview of that code. */
export function ScriptEditor({ record, save }: EditorProps<ScriptRecord>) {
  const translate = useTranslate();
  const [errorLine, setErrorLine] = useState<{ line: number } | null>(null);
  return (
    <ResourceForm record={record} schema={scriptSchema} save={save}>
      <TextInput source="name" label={translate('app.script.fields.name')} />
      <TextInput source="description" label={translate('app.script.fields.description')} multiline />
      <CodeInput errorLine={errorLine} />
      <ScriptRunPreview onErrorLine={(line) => setErrorLine(line === null ? null : { line })} />
    </ResourceForm>
  );
}
