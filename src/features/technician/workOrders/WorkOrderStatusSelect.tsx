import { useState } from 'react';
import { TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { isCompleted } from '../../../../common/resources/workOrder';
import { useDialogs } from '../../../shared/ui/dialogs/DialogsProvider';
import { useWorkOrderConfig } from '../../workOrders/shared/useWorkOrderConfig';

interface Props {
  status: string;
  /** Saves the new status; resolves once the server answered (true when it was saved). */
  onChange: (status: string) => Promise<boolean>;
  disabled: boolean;
}

/**
 * The status dropdown of an order that is not Completed (spec §2.3, §4), offering the configured
 * statuses (GET /workOrder/config). The phone's own picker (a native select). The new value shows
 * while it is being saved; refused, the order's status comes back. Completed is the end
 * (DESIGN §11: no change and no activity after it), so choosing it asks first — on a phone one
 * slipped tap in a picker would otherwise close the order for good.
 */
export function WorkOrderStatusSelect({ status, onChange, disabled }: Props) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const { config } = useWorkOrderConfig();
  const [pending, setPending] = useState<string | null>(null);
  const values = config?.statusValues ?? [];
  // The order's own status stays choosable even when the configuration no longer lists it.
  const options = values.includes(status) ? values : [status, ...values];

  const choose = async (next: string) => {
    if (next === status) return;
    if (
      isCompleted(next) &&
      !(await dialogs.confirm(translate('app.technician.work_order.complete_message'), {
        title: translate('app.technician.work_order.complete_title'),
        confirmLabel: translate('app.technician.work_order.complete_confirm'),
      }))
    )
      return;
    setPending(next);
    try {
      await onChange(next);
    } finally {
      setPending(null);
    }
  };

  return (
    <TextField
      select
      fullWidth
      label={translate('app.work_order.fields.status')}
      value={pending ?? status}
      onChange={(event) => void choose(event.target.value)}
      // Until the configuration is in, only the current status could be offered.
      disabled={disabled || pending !== null || config === null}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {options.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </TextField>
  );
}
