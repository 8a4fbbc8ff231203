import { useState } from 'react';
import { ButtonBase, CircularProgress, IconButton, Tooltip } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useLogoutIfAccessDenied, useNotify, useTranslate } from 'react-admin';
import { errorMessageOf } from '../../shared/ui/errorMessageOf';
import { fetchDownload, saveBlob } from '../../admin/reports/downloadReport';
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
      const { blob, filename } = await fetchDownload(`/file/${encodeURIComponent(fileId)}`, {}, name);
      saveBlob(blob, filename);
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
