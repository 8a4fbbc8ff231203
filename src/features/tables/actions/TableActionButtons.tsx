import { useState } from 'react';
import { Button } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { cssColorOrNone, isThemeColourName } from '../../../../common/cssColor';
import { useDialogs } from '../../../shared/ui/dialogs/DialogsProvider';
import { useApiFetch } from '../../../platform/dataProvider/useApiFetch';
import type { TableAction } from '../tableDefinition';
import { runTableAction, type TableActionContext, type TableActionHost } from './runTableAction';

interface TableActionButtonsProps {
  customActions: readonly TableAction[];
  bulkActions: readonly TableAction[];
  /** Context of a run, read when a button is clicked. */
  context: () => TableActionContext;
  hasSelection: boolean;
  onRefresh: () => void;
}

/**
 * The table definition's custom and bulk action buttons (spec §2.5): bulk actions stay disabled
 * with no row selected. A click runs the action's script in the sandbox (runTableAction); its
 * failure is shown as `Action "<name>" failed: <message>`.
 */
export function TableActionButtons({ customActions, bulkActions, context, hasSelection, onRefresh }: TableActionButtonsProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const apiFetch = useApiFetch();
  const [running, setRunning] = useState<string | null>(null);

  const host: TableActionHost = {
    http: (method, path, body) => apiFetch(path, { method, body }),
    notify: (message, type) => notify(message, { type, messageArgs: { _: message } }),
    refresh: onRefresh,
    navigate: (path) => navigate(path),
    confirm: (message) => dialogs.confirm(message),
    prompt: (message, choices) => dialogs.prompt({ title: message, ...choices }),
  };

  const run = async (action: TableAction, key: string) => {
    setRunning(key);
    try {
      await runTableAction(action.functionBody ?? '', context(), host);
    } catch (failure: unknown) {
      const message = translate('app.table.action_failed', { name: action.name, message: failure instanceof Error ? failure.message : String(failure) });
      notify(message, { type: 'error', messageArgs: { _: message } });
    } finally {
      setRunning(null);
    }
  };

  const button = (action: TableAction, key: string, disabled: boolean) => {
    // A palette name is drawn by the theme; any other colour must be a CSS colour (else none).
    const themed = isThemeColourName(action.color) ? action.color : undefined;
    const fill = themed ? undefined : cssColorOrNone(action.color);
    return (
      <Button
        key={key}
        variant="contained"
        size="small"
        color={themed ?? 'primary'}
        sx={fill ? { bgcolor: fill } : undefined}
        disabled={disabled || running !== null}
        onClick={() => void run(action, key)}
      >
        {action.name}
      </Button>
    );
  };

  return (
    <>
      {customActions.map((action, index) => button(action, `custom-${index}`, false))}
      {bulkActions.map((action, index) => button(action, `bulk-${index}`, !hasSelection))}
    </>
  );
}
