import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { CONFIRM_DIALOG_MAX_WIDTH } from './dialogWidths';

/**
 * The spec's prompt, confirm and alert (§5, §8) as in-app dialogs: keyboard-friendly, styled with
 * the theme, and testable in a browser without native dialogs. Each hook answers a promise.
 *
 * A prompt may be given `onSubmit`: the dialog then stays open while it runs and shows its error,
 * so a refused name ("already exists") can be corrected without starting over.
 */
export interface PromptOptions {
  title: string;
  label?: string;
  initialValue?: string;
  onSubmit?: (value: string) => Promise<void>;
  /** Confirm stays disabled while the answer is blank (a remark that must be given). */
  required?: boolean;
  /** The confirm button's words when "Confirm" says too little (e.g. "Resolve"). */
  confirmLabel?: string;
}

type Pending =
  | { kind: 'prompt'; options: PromptOptions; resolve: (value: string | null) => void }
  | { kind: 'confirm'; title: string; message: string; confirmLabel: string; resolve: (ok: boolean) => void }
  | { kind: 'alert'; message: string; title?: string; resolve: () => void };

interface Dialogs {
  prompt(options: PromptOptions): Promise<string | null>;
  confirm(message: string, options?: { title?: string; confirmLabel?: string }): Promise<boolean>;
  /** `title`: what failed, above the message saying why. */
  alert(message: string, options?: { title?: string }): Promise<void>;
}

const DialogsContext = createContext<Dialogs | null>(null);

export function DialogsProvider({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const [pending, setPending] = useState<Pending | null>(null);

  const dialogs = useMemo<Dialogs>(
    () => ({
      prompt: (options) => new Promise((resolve) => setPending({ kind: 'prompt', options, resolve })),
      confirm: (message, options = {}) =>
        new Promise((resolve) =>
          setPending({
            kind: 'confirm',
            message,
            title: options.title ?? translate('app.confirm.deletion_title'),
            confirmLabel: options.confirmLabel ?? translate('app.confirm.delete'),
            resolve,
          }),
        ),
      alert: (message, options = {}) => new Promise((resolve) => setPending({ kind: 'alert', message, title: options.title, resolve })),
    }),
    [translate],
  );

  const close = useCallback(() => setPending(null), []);

  return (
    <DialogsContext.Provider value={dialogs}>
      {children}
      {pending?.kind === 'prompt' && <PromptDialog pending={pending} onClose={close} />}
      {pending?.kind === 'confirm' && (
        <Dialog open onClose={() => { pending.resolve(false); close(); }} PaperProps={{ sx: { maxWidth: CONFIRM_DIALOG_MAX_WIDTH } }}>
          <DialogTitle>{pending.title}</DialogTitle>
          <DialogContent>
            <DialogContentText>{pending.message}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => { pending.resolve(false); close(); }}>{translate('app.confirm.cancel')}</Button>
            <Button color="error" variant="contained" autoFocus onClick={() => { pending.resolve(true); close(); }}>
              {pending.confirmLabel}
            </Button>
          </DialogActions>
        </Dialog>
      )}
      {pending?.kind === 'alert' && (
        <Dialog
          open
          onClose={() => { pending.resolve(); close(); }}
          aria-labelledby={pending.title ? 'app-alert-title' : undefined}
          aria-describedby="app-alert-message"
        >
          {pending.title && <DialogTitle id="app-alert-title">{pending.title}</DialogTitle>}
          <DialogContent>
            <DialogContentText id="app-alert-message" sx={{ whiteSpace: 'pre-wrap' }}>{pending.message}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button autoFocus onClick={() => { pending.resolve(); close(); }}>{translate('ra.action.close')}</Button>
          </DialogActions>
        </Dialog>
      )}
    </DialogsContext.Provider>
  );
}

function PromptDialog({ pending, onClose }: { pending: Extract<Pending, { kind: 'prompt' }>; onClose: () => void }) {
  const translate = useTranslate();
  const { options, resolve } = pending;
  const [value, setValue] = useState(options.initialValue ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const cancel = () => {
    resolve(null);
    onClose();
  };
  const submit = async () => {
    // Spec §5: an empty answer does nothing.
    if (value.trim() === '') return cancel();
    if (!options.onSubmit) {
      resolve(value.trim());
      return onClose();
    }
    setBusy(true);
    setError(null);
    try {
      await options.onSubmit(value.trim());
      resolve(value.trim());
      onClose();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={cancel} fullWidth maxWidth="xs">
      <form onSubmit={(event) => { event.preventDefault(); void submit(); }}>
        <DialogTitle>{options.title}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            name="prompt"
            label={options.label ?? options.title}
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
          {error && <Alert severity="error" sx={{ mt: 1 }}>{error}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={cancel}>{translate('app.confirm.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy || (options.required === true && value.trim() === '')}>
            {options.confirmLabel ?? translate('ra.action.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

export function useDialogs(): Dialogs {
  const dialogs = useContext(DialogsContext);
  if (!dialogs) throw new Error('useDialogs needs a DialogsProvider above it');
  return dialogs;
}
