import type { ReactNode } from 'react';
import { Alert, Button, LinearProgress } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Detail } from './useDetail';

/** A detail's loading bar or error (with Retry) until its data is there; then the view itself. */
export function DetailState<T>({ detail, children }: { detail: Detail<T>; children: (data: T) => ReactNode }) {
  const translate = useTranslate();
  if (detail.data) return <>{children(detail.data)}</>;
  if (detail.error) {
    return (
      <Alert severity="error" action={<Button onClick={detail.reload}>{translate('app.tables.retry')}</Button>}>
        {detail.error}
      </Alert>
    );
  }
  return <LinearProgress aria-label={translate('app.detail.loading')} />;
}
