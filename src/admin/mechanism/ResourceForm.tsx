import { useMemo, type ReactNode } from 'react';
import { Button, Stack } from '@mui/material';
import SaveIcon from '@mui/icons-material/Save';
import { yupResolver } from '@hookform/resolvers/yup';
import { Form, useTranslate, type RaRecord } from 'react-admin';
import { useFormState, useWatch, type FieldValues, type Resolver } from 'react-hook-form';
import type { AnyObjectSchema } from 'yup';
import { withoutBookkeeping } from '../../platform/dataProvider/recordIds';
import { blankTextForNull } from './blankText';

/** What the schema sees and the server gets: no bookkeeping, emptied text as '', blank fields the server fills left out. */
function formValues(values: FieldValues, schema: AnyObjectSchema, omitWhenBlank: readonly string[]): FieldValues {
  const body = blankTextForNull(withoutBookkeeping(values), schema) as FieldValues;
  return Object.fromEntries(Object.entries(body).filter(([field, value]) => !(omitWhenBlank.includes(field) && isBlank(value))));
}

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

const NOTHING_OMITTED: readonly string[] = [];

/**
 * An editor's form: react-admin's Form validated by the entity's schema from common/ (the one
 * the server checks) and a Save button. Notices come from the generic actions.
 */
export function ResourceForm<T extends RaRecord>({
  record,
  schema,
  save,
  children,
  saveLabel,
  saveDisabled,
  extraButtons,
  omitWhenBlank = NOTHING_OMITTED,
}: {
  record: Partial<T>;
  schema: AnyObjectSchema;
  save: (data: Partial<T>) => Promise<unknown>;
  children: ReactNode;
  saveLabel?: string;
  /** A rule beyond the schema (spec §5: attribute save needs name and type). */
  saveDisabled?: (values: FieldValues) => boolean;
  /** Buttons shown before Save (a dialog's Cancel). */
  extraButtons?: ReactNode;
  /** Fields the body leaves out while blank, for the server to fill (a new attribute's technicalName). */
  omitWhenBlank?: readonly string[];
}) {
  const resolver = useMemo<Resolver>(() => {
    const validate = yupResolver(schema) as unknown as Resolver;
    return (values, context, options) => validate(formValues(values, schema, omitWhenBlank), context, options);
  }, [schema, omitWhenBlank]);

  return (
    <Form record={record as RaRecord} resolver={resolver} onSubmit={(values: FieldValues) => save(formValues(values, schema, omitWhenBlank) as Partial<T>)}>
      <Stack spacing={1}>
        {children}
        <SaveButtonRow label={saveLabel} saveDisabled={saveDisabled} extraButtons={extraButtons} />
      </Stack>
    </Form>
  );
}

function SaveButtonRow({ label, saveDisabled, extraButtons }: { label?: string; saveDisabled?: (values: FieldValues) => boolean; extraButtons?: ReactNode }) {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  const values = useWatch() as FieldValues;
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: extraButtons ? 'flex-end' : 'flex-start' }}>
      {extraButtons}
      <Button type="submit" variant="contained" startIcon={<SaveIcon />} disabled={isSubmitting || (saveDisabled?.(values) ?? false)}>
        {label ?? translate('ra.action.save')}
      </Button>
    </Stack>
  );
}
