import { Stack } from '@mui/material';
import { BooleanInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { ATTRIBUTE_TYPES, hasOptions, withType, type AttributeType } from '../../../common/resources/attribute';
import { TextsInput } from '../fields/TextsInput';

const TYPE_CHOICES = ATTRIBUTE_TYPES.map((type) => ({ id: type, name: type }));

/** The attribute's fields, shared by the New/Copy dialog (which focuses the name) and the inline editor. */
export function AttributeInputs({ autoFocusName = false }: { autoFocusName?: boolean }) {
  const translate = useTranslate();
  const { getValues, setValue } = useFormContext();
  const type = useWatch({ name: 'type' }) as string | undefined;

  // Spec §4: a type without options drops the values entered for the previous type. Called
  // after the form took the new type.
  const onTypeChange = () => {
    const newType = getValues('type') as AttributeType;
    setValue('options', withType({ type: newType, options: getValues('options') ?? { values: [] } }, newType).options, { shouldDirty: true });
  };

  return (
    <Stack spacing={0}>
      <TextInput source="name" label={translate('app.attribute.fields.name')} helperText={false} autoFocus={autoFocusName} />
      <TextInput source="technicalName" label={translate('app.attribute.fields.technical_name')} helperText={false} />
      <TextInput source="description" label={translate('app.attribute.fields.description')} multiline minRows={2} helperText={false} />
      <SelectInput
        source="type"
        label={translate('app.attribute.fields.type')}
        choices={TYPE_CHOICES}
        translateChoice={false}
        isRequired
        onChange={onTypeChange}
        helperText={false}
      />
      <Stack direction="row" spacing={3}>
        <BooleanInput source="isMandatory" label={translate('app.attribute.fields.is_mandatory')} helperText={false} />
        <BooleanInput source="allowComment" label={translate('app.attribute.fields.allow_comment')} helperText={false} />
      </Stack>
      {hasOptions(type) && <TextsInput source="options.values" label={translate('app.attribute.fields.options')} item="option" />}
    </Stack>
  );
}

/** Spec §5: Save stays disabled until the attribute has a name and a type. */
export function attributeSaveDisabled(values: { name?: unknown; type?: unknown }): boolean {
  return typeof values.name !== 'string' || values.name.trim() === '' || !values.type;
}
