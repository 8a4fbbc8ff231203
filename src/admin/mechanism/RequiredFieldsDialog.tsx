import { useMemo, type ComponentType } from 'react';
import { Button, Dialog, DialogContent, DialogTitle } from '@mui/material';
import { useGetOne, useTranslate, type RaRecord } from 'react-admin';
import type { AnyObjectSchema } from 'yup';
import { copyBody } from '../../../common/resources/schemaParts';
import type { CreateDialogProps } from './ResourceDefinition';
import { ResourceForm } from './ResourceForm';
import { SchemaInputs } from './SchemaInputs';

interface RequiredFieldsDialogOptions {
  name: string;
  schema: AnyObjectSchema;
  namespace: string;
  /** i18n keys of the titles: 'New <Label>', 'Copy <Label>'. */
  newLabel: string;
  copyLabel?: string;
  /** Fields a copy leaves out besides name and the ids (spec §7). */
  dropFields?: readonly string[];
}

/**
 * 'New <Label>' for a resource whose records need more than a name (a spare part's part number):
 * a dialog asking every required field, validated by the schema the server checks. A copy opens it
 * with the source's fields but its name, for the user to name it and change what must stay unique.
 */
export function requiredFieldsDialog<T extends RaRecord>({ name, schema, namespace, newLabel, copyLabel, dropFields = [] }: RequiredFieldsDialogOptions): ComponentType<CreateDialogProps<T>> {
  return function RequiredFieldsDialog({ sourceId, onClose, create }: CreateDialogProps<T>) {
    const translate = useTranslate();
    // The source of a copy, through the query layer (spec §2.9: the dialog fetches it).
    const { data: source } = useGetOne<T>(name, { id: sourceId ?? '' }, { enabled: sourceId !== undefined });
    const initial = useMemo<Partial<T> | null>(() => (sourceId === undefined ? {} : source ? (copyBody(source, '', dropFields) as Partial<T>) : null), [sourceId, source]);
    return (
      <Dialog open onClose={onClose} fullWidth maxWidth="sm">
        <DialogTitle>{translate(sourceId === undefined || !copyLabel ? newLabel : copyLabel)}</DialogTitle>
        <DialogContent>
          {initial && (
            <ResourceForm
              record={initial}
              schema={schema}
              save={async (body) => {
                if (await create(body)) onClose();
              }}
              extraButtons={<Button onClick={onClose}>{translate('ra.action.cancel')}</Button>}
            >
              <SchemaInputs schema={schema} namespace={namespace} entity={name} only={(meta) => meta.required === true} />
            </ResourceForm>
          )}
        </DialogContent>
      </Dialog>
    );
  };
}
