import { useMemo } from 'react';
import { Button, Dialog, DialogContent, DialogTitle, LinearProgress } from '@mui/material';
import { useGetOne, useTranslate } from 'react-admin';
import { attributeSchema } from '../../../common/resources/attribute';
import { ATTRIBUTE_DIALOG_MAX_WIDTH } from '../../shared/ui/dialogs/dialogWidths';
import type { CreateDialogProps } from '../mechanism/ResourceDefinition';
import { ResourceForm } from '../mechanism/ResourceForm';
import { useResourceScreen } from '../mechanism/ResourceScreenContext';
import { AttributeInputs, attributeSaveDisabled } from './AttributeInputs';
import type { AttributeRecord } from './types';

const EMPTY_ATTRIBUTE: Partial<AttributeRecord> = {
  name: '',
  technicalName: '',
  description: '',
  isMandatory: false,
  allowComment: false,
  options: { values: [] },
};

/** Left empty, the server derives it from the name (docs/administration.md): a copy then sends none, as spec §7 has it. */
const SERVER_FILLS = ['technicalName'] as const;

/**
 * New Attribute / Copy Attribute (spec §2.9, max width 800). A copy starts from the fetched
 * record without what spec §7 drops (name, technicalName, ids), so the new name is typed here.
 */
export function AttributeDialog({ sourceId, onClose, create }: CreateDialogProps<AttributeRecord>) {
  const translate = useTranslate();
  const { actions } = useResourceScreen<AttributeRecord>();
  const { data: source, isPending } = useGetOne<AttributeRecord>('attribute', { id: sourceId as string }, { enabled: sourceId !== undefined });
  const copying = sourceId !== undefined;
  // Memoised: a new record object would make the form start over.
  const initial = useMemo(() => (copying ? (source ? actions.copyOf(source, '') : null) : EMPTY_ATTRIBUTE), [actions, copying, source]);

  const save = async (values: Partial<AttributeRecord>) => {
    if (await create(values)) onClose();
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth={false} slotProps={{ paper: { sx: { maxWidth: ATTRIBUTE_DIALOG_MAX_WIDTH } } }}>
      <DialogTitle>{translate(copying ? 'app.attribute.copy' : 'app.attribute.new')}</DialogTitle>
      <DialogContent>
        {copying && isPending && <LinearProgress />}
        {initial && (
          <ResourceForm<AttributeRecord>
            record={initial}
            schema={attributeSchema}
            save={save}
            saveDisabled={attributeSaveDisabled}
            omitWhenBlank={SERVER_FILLS}
            extraButtons={<Button onClick={onClose}>{translate('app.confirm.cancel')}</Button>}
          >
            <AttributeInputs autoFocusName />
          </ResourceForm>
        )}
      </DialogContent>
    </Dialog>
  );
}
