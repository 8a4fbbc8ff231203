import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Chip, Link, Paper, Stack, Typography } from '@mui/material';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { useTranslate } from 'react-admin';
import { OUTBOX_PATH } from '../../../../platform/offline/outbox/OutboxChip';
import type { PendingMark } from './pendingWork';

/** One part of the order's work on the technician's detail (labour, downtime, parts, procedure): a titled panel. */
export function WorkSection({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <Typography id={titleId} variant="h6" component="h2">
          {title}
        </Typography>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * What is still on the phone (docs/offline.md): 'Waiting to send' while the outbox holds it, or the
 * server's reason once a replay was refused — with the way to the queue, where it is discarded.
 */
export function PendingNote({ mark }: { mark: PendingMark | null }) {
  const translate = useTranslate();
  if (!mark) return null;
  if (mark.state === 'refused') {
    return (
      <Typography variant="body2" color="error" component="span" sx={{ display: 'block' }}>
        {translate('app.technician.work_order.refused', { reason: mark.error ?? '' })}{' '}
        <Link component={RouterLink} to={OUTBOX_PATH} color="inherit">
          {translate('app.technician.work_order.open_queue')}
        </Link>
      </Typography>
    );
  }
  return <Chip size="small" color="warning" variant="outlined" icon={<CloudUploadIcon />} label={translate('app.technician.work_order.pending')} />;
}
