import { Button, CircularProgress, Stack } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import SaveIcon from '@mui/icons-material/Save';
import SendIcon from '@mui/icons-material/Send';
import { useTranslate } from 'react-admin';
import type { NoteAction } from './useNoteActions';

interface NoteActionsProps {
  canUpdate: boolean;
  canApprove: boolean;
  /** Delete is not offered for a note already deleted. */
  deleted: boolean;
  busy: NoteAction | null;
  onAction: (action: NoteAction) => void;
}

/**
 * Spec §6: update-thermography-note gives Update, Update & Send for Approval (only to a user who
 * cannot approve) and Delete; approve-thermography-note gives Update & Approve.
 */
export function NoteActions({ canUpdate, canApprove, deleted, busy, onAction }: NoteActionsProps) {
  const translate = useTranslate();
  const button = (action: NoteAction, label: string, icon: React.ReactNode, variant: 'contained' | 'outlined', color?: 'error') => (
    <Button
      key={action}
      variant={variant}
      color={color}
      startIcon={busy === action ? <CircularProgress size={18} color="inherit" /> : icon}
      disabled={busy !== null}
      onClick={() => onAction(action)}
    >
      {translate(label)}
    </Button>
  );
  const buttons = [
    canUpdate && button('update', 'app.thermography.update', <SaveIcon />, 'outlined'),
    canUpdate && !canApprove && button('sendForApproval', 'app.thermography.update_send_for_approval', <SendIcon />, 'contained'),
    canApprove && button('approve', 'app.thermography.update_approve', <DoneAllIcon />, 'contained'),
    canUpdate && !deleted && button('delete', 'app.thermography.delete', <DeleteIcon />, 'outlined', 'error'),
  ].filter(Boolean);
  if (buttons.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {buttons}
    </Stack>
  );
}
