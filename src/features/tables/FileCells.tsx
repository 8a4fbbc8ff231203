import { useState } from 'react';
import { ButtonBase, CircularProgress, IconButton, Tooltip } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { HttpError, useLogoutIfAccessDenied, useNotify, useTranslate } from 'react-admin';
import { sessionStore } from '../../platform/authProvider/sessionStore';
import { errorMessageOf } from '../../shared/ui/errorMessageOf';
import { apiUrl } from '../../platform/dataProvider/apiBase';
import { filenameFromDisposition, saveBlob } from '../../admin/reports/downloadReport';
import { FileThumbnail } from '../../shared/ui/FileThumbnail';
import { ImageViewerDialog } from '../../shared/ui/ImageViewer';


/** A picture column (a dataField ending in "image", e.g. thermalImage): a thumbnail opening the image viewer. */
export function ImageCell({ fileId, caption }: { fileId: string; caption: string }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <ButtonBase onClick={() => setOpen(true)} aria-label={translate('app.detail.open_image', { name: caption })} sx={{ borderRadius: 1 }}>
        <FileThumbnail fileId={fileId} alt={caption} size={48} />
      </ButtonBase>
      {open && <ImageViewerDialog images={[{ fileId, caption }]} start={0} onClose={() => setOpen(false)} />}
    </>
  );
}

/** Spec §2.5 "a download button": a stored file fetched with the session's token, saved under the server's name for it. */
export function FileDownloadCell({ fileId, name }: { fileId: string; name: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [busy, setBusy] = useState(false);
  const label = translate('app.table.download_file', { name });
  const run = async () => {
    setBusy(true);
    try {
      const headers = new Headers();
      const token = sessionStore.getToken();
      if (token) headers.set('x-auth', token);
      const response = await fetch(apiUrl(`/file/${encodeURIComponent(fileId)}`), { headers });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { message?: string } | null;
        throw new HttpError(body?.message ?? response.statusText, response.status, body);
      }
      saveBlob(await response.blob(), filenameFromDisposition(response.headers.get('content-disposition')) ?? name);
    } catch (error: unknown) {
      if (await logoutIfAccessDenied(error)) return;
      const message = errorMessageOf(error, translate);
      notify(message, { type: 'error', messageArgs: { _: message } });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Tooltip title={label}>
      <span>
        <IconButton size="small" aria-label={label} disabled={busy} onClick={() => void run()}>
          {busy ? <CircularProgress size={18} /> : <DownloadIcon fontSize="small" />}
        </IconButton>
      </span>
    </Tooltip>
  );
}
