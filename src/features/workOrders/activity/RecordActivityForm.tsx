import { useEffect, useId, useState } from 'react';
import { Button, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ACTIVITY_COMMENT_MAX_LENGTH, activityComment } from '../../../../common/resources/workOrder';
import { sessionStore } from '../../../platform/authProvider/sessionStore';
import { clearActivityDraft, loadActivityDraft } from './activityDraft';

interface Props {
  /** The order: a text brought back from the outbox by Edit opens in the box. */
  orderId: string;
  /** Sends the comment (trimmed there); resolves true once it was recorded. */
  onRecord: (text: string) => Promise<boolean>;
  busy: boolean;
  /** One line that grows as it is typed, Record beside it from `sm` on (the engineer's dialog, where the log should show under it). */
  compact?: boolean;
}

/**
 * 'Record activity' and its Record button (spec §2.3, §5): the button stays disabled while the text
 * is empty or only blanks; once recorded the box is cleared, and on a failure the text stays so
 * nothing typed is lost.
 */
export function RecordActivityForm({ orderId, onRecord, busy, compact = false }: Props) {
  const translate = useTranslate();
  const fieldId = useId();
  const [text, setText] = useState(() => loadActivityDraft(sessionStore.getUser()?._id, orderId) ?? '');
  useEffect(() => clearActivityDraft(sessionStore.getUser()?._id, orderId), [orderId]);
  const blank = activityComment(text) === null;

  return (
    <Stack
      component="form"
      direction={compact ? { xs: 'column', sm: 'row' } : 'column'}
      spacing={1}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (blank || busy) return;
        void onRecord(text).then((recorded) => {
          if (recorded) setText('');
        });
      }}
    >
      <TextField
        id={fieldId}
        label={translate('app.work_order.record_activity')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        multiline
        minRows={compact ? 1 : 3}
        fullWidth
        slotProps={{ htmlInput: { maxLength: ACTIVITY_COMMENT_MAX_LENGTH } }}
      />
      <Button
        type="submit"
        variant="contained"
        disabled={blank || busy}
        sx={compact ? { minHeight: 48, alignSelf: { xs: 'stretch', sm: 'flex-start' }, minWidth: 120, mt: { sm: 0.5 } } : { minHeight: 48, alignSelf: { xs: 'stretch', sm: 'flex-end' }, minWidth: 160 }}
      >
        {translate('app.work_order.record')}
      </Button>
    </Stack>
  );
}
