import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, Chip, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import { useNotify, useTranslate } from 'react-admin';
import { useSessionUser } from '../../authProvider/useSession';
import { useDialogs } from '../../../shared/ui/dialogs/DialogsProvider';
import { formatTimestamp } from '../../../../common/formatTime';
import { editOutboxItem } from './editOutboxItem';
import type { OutboxItem } from './outboxItem';
import { sendOutboxNow, startOutboxReplays } from './outboxService';
import { removeOutboxItem } from './outboxStore';
import { useOutboxItems } from './useOutboxItems';

const stateColor = { waiting: 'default', sending: 'info', refused: 'error' } as const;

/**
 * /inspection/outbox (docs/offline.md): what waits on this phone, oldest first — each with its
 * label, kind, the time Submit was pressed and its state (waiting and why, sending, not accepted
 * with the server's reason); Send now for all; Edit (back into its screen) for what the server did
 * not accept, and Discard (after a confirm) for anything not on its way. Built for a phone: one column, 48 px targets.
 */
export const OutboxPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const user = useSessionUser();
  const items = useOutboxItems(user?._id);
  const [sending, setSending] = useState(false);

  useEffect(() => startOutboxReplays(), []);

  const sendNow = async () => {
    setSending(true);
    try {
      const summary = await sendOutboxNow({ force: true });
      if (summary?.stoppedBy === 'unreachable') notify('app.outbox.still_waiting', { type: 'warning' });
      else if (summary && summary.sent > 0 && summary.waiting === 0 && summary.refused === 0) notify('app.outbox.sent_all', { type: 'success' });
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack spacing={2} component="section" aria-labelledby="outbox-title">
      <Typography id="outbox-title" variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        {translate('app.outbox.title')}
      </Typography>
      <Typography color="text.secondary">{translate('app.outbox.intro')}</Typography>
      {items === null ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', py: 2 }} role="status">
          <CircularProgress size={24} />
          <Typography>{translate('app.outbox.loading')}</Typography>
        </Stack>
      ) : items.length === 0 ? (
        <Alert severity="success">{translate('app.outbox.empty')}</Alert>
      ) : (
        <>
          <Button
            variant="contained"
            size="large"
            startIcon={sending ? <CircularProgress size={20} color="inherit" /> : <SendIcon />}
            onClick={() => void sendNow()}
            disabled={sending || items.every((item) => item.state === 'refused')}
            sx={{ minHeight: 56, fontSize: 17, alignSelf: { xs: 'stretch', sm: 'flex-start' } }}
          >
            {translate(sending ? 'app.outbox.sending_now' : 'app.outbox.send_now')}
          </Button>
          <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {items.map((item) => (
              <OutboxEntry key={item.id} item={item} />
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
};

function reasonOf(item: OutboxItem, translate: ReturnType<typeof useTranslate>): string | null {
  if (item.state === 'refused' && item.refusedOnPhone) return translate(`app.outbox.phone_refusals.${item.refusedOnPhone}`);
  if (item.state === 'refused') return translate('app.outbox.refused_reason', { reason: item.error ?? '' });
  if (item.state === 'waiting' && item.waitReason) return translate(`app.outbox.reasons.${item.waitReason}`);
  return null;
}

function OutboxEntry({ item }: { item: OutboxItem }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const titleId = `outbox-${item.id}`;
  const reason = reasonOf(item, translate);

  const discard = async () => {
    const ok = await dialogs.confirm(translate('app.outbox.discard_confirm', { label: item.label }), {
      title: translate('app.outbox.discard_title'),
      confirmLabel: translate('app.outbox.discard'),
    });
    if (!ok) return;
    setBusy(true);
    await removeOutboxItem(item.id).finally(() => setBusy(false));
  };

  const edit = async () => {
    if (!item.editPath) return;
    setBusy(true);
    try {
      await editOutboxItem(item);
      notify('app.outbox.edit_restored', { type: 'info' });
      navigate(item.editPath);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper component="li" variant="outlined" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
          <div>
            <Typography id={titleId} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {item.label}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate(`app.outbox.kinds.${item.kind}`)} · {translate('app.outbox.submitted_at', { time: formatTimestamp(item.createdAt) })}
            </Typography>
          </div>
          <Chip size="small" color={stateColor[item.state]} label={translate(`app.outbox.states.${item.state}`)} />
        </Stack>
        {/* Plain text, not an alert: a list of live regions would be read out on every change. */}
        {reason ? (
          <Typography variant="body2" color={item.state === 'refused' ? 'error' : 'text.secondary'}>
            {reason}
          </Typography>
        ) : null}
        {item.state !== 'sending' ? (
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
            {item.state === 'refused' && item.editPath ? (
              <Button
                variant="outlined"
                startIcon={<EditIcon />}
                onClick={() => void edit()}
                disabled={busy}
                aria-describedby={titleId}
                sx={{ minHeight: 48, flex: { xs: 1, sm: 'none' } }}
              >
                {translate('app.outbox.edit')}
              </Button>
            ) : null}
            <Button
              variant="outlined"
              color="error"
              startIcon={<DeleteIcon />}
              onClick={() => void discard()}
              disabled={busy}
              aria-describedby={titleId}
              sx={{ minHeight: 48, flex: { xs: 1, sm: 'none' } }}
            >
              {translate('app.outbox.discard')}
            </Button>
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
