import { BooleanInput, TextInput } from 'react-admin';
import type { FieldInput } from '../../../common/fields';
import type { InputProps } from './fieldInput';
import { ChoiceInput } from './ChoiceInput';
import { ColourInput } from './ColourInput';
import { DayInput } from './DayInput';
import { FileInput } from './FileInput';
import { InstantInput } from './InstantInput';
import { NamedValuesInput } from './NamedValuesInput';
import { NumberInput } from './NumberInput';
import { ReferencePicker } from './ReferencePicker';
import { RichTextInput } from './RichTextInput';
import { TagsInput } from './TagsInput';
import { TextsInput } from './TextsInput';

/** The input of a field kind's FieldInput (common/fields). */
export function KindInput({ source, label, input, entity }: InputProps & { input: FieldInput; entity: string }) {
  switch (input.control) {
    case 'reference':
      return <ReferencePicker source={source} label={label} {...input} />;
    case 'switch':
      return <BooleanInput source={source} label={label} helperText={false} />;
    case 'number':
      return <NumberInput source={source} label={label} {...input} />;
    case 'date':
      return <DayInput source={source} label={label} />;
    case 'dateTime':
      return <InstantInput source={source} label={label} />;
    case 'choice':
      return <ChoiceInput source={source} label={label} {...input} />;
    case 'tags':
      return <TagsInput source={source} label={label} />;
    case 'colour':
      return <ColourInput source={source} label={label} />;
    case 'html':
      return <RichTextInput source={source} label={label} />;
    case 'file':
      return <FileInput source={source} label={label} entity={entity} accept={input.accept} photo={input.photo} />;
    case 'texts':
      return <TextsInput source={source} label={label} item={input.item} />;
    case 'namedValues':
      return <NamedValuesInput source={source} label={label} item={input.item} typed={input.typed} />;
    case 'text':
      // Never type="email" or "url": Chromium's own popup would pre-empt the schema's message (issue 22).
      return (
        <TextInput
          source={source}
          label={label}
          helperText={false}
          {...(input.multiline ? { multiline: true, minRows: 2 } : {})}
          {...(input.inputMode ? { inputProps: { inputMode: input.inputMode }, autoComplete: 'off' } : {})}
        />
      );
  }
}
