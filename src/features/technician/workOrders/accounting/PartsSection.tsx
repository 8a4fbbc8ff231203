import { Suspense, useState } from 'react';
import { Button, List, ListItem, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useTranslate } from 'react-admin';
import { formatTimestamp } from '../../../../../common/formatTime';
import type { PartUse } from '../../../../../common/resources/workAccounting';
import { lazyWithTimeout } from '../../../../shared/ui/lazyWithTimeout';
import type { ChosenPart } from '../useWorkOrderActions';
import type { PendingPart } from './pendingWork';
import { PendingNote, WorkSection } from './WorkSection';

// Its own chunk, with the camera when a label is scanned: opened now and then, not with every order.
const AddPartDialog = lazyWithTimeout('AddPartDialog', () => import('./AddPartDialog').then((module) => module.AddPartDialog));

interface Props {
  parts: readonly PartUse[];
  pending: readonly PendingPart[];
  readOnly: boolean;
  busy: boolean;
  onAdd: (part: ChosenPart, quantity: number, onRefused: (message: string) => void) => Promise<boolean>;
}

const usageText = (quantity: number, partNumber: string, partName: string) => `${quantity} × ${[partNumber, partName].filter(Boolean).join(' ')}`;

/**
 * Spare parts used on the order (DESIGN §18): what the server recorded, what waits on the phone —
 * or what the stores refused when it was sent ('quantity: only 2 of Seal kit in stock') — and 'Add part'.
 */
export function PartsSection({ parts, pending, readOnly, busy, onAdd }: Props) {
  const translate = useTranslate();
  const [adding, setAdding] = useState(false);
  return (
    <WorkSection title={translate('app.technician.work_order.parts_title')}>
      {parts.length === 0 && pending.length === 0 ? (
        <Typography color="text.secondary">{translate('app.technician.work_order.no_parts')}</Typography>
      ) : (
        <List disablePadding aria-label={translate('app.technician.work_order.parts_used')}>
          {parts.map((use) => (
            <ListItem key={use._id} disableGutters divider sx={{ display: 'block' }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {usageText(use.quantity, use.partNumber, use.partName)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {use.usedByName} · {formatTimestamp(use.usedAt)}
              </Typography>
            </ListItem>
          ))}
          {pending.map((use) => (
            <ListItem key={use.id} disableGutters divider sx={{ display: 'block' }}>
              <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {usageText(use.quantity, use.partNumber, use.partName)}
                </Typography>
                <PendingNote mark={use} />
              </Stack>
            </ListItem>
          ))}
        </List>
      )}
      {!readOnly && (
        <Button variant="outlined" size="large" startIcon={<AddIcon />} disabled={busy} onClick={() => setAdding(true)} sx={{ minHeight: 48 }}>
          {translate('app.technician.work_order.add_part')}
        </Button>
      )}
      {adding && (
        <Suspense fallback={null}>
          <AddPartDialog onClose={() => setAdding(false)} onAdd={onAdd} />
        </Suspense>
      )}
    </WorkSection>
  );
}
