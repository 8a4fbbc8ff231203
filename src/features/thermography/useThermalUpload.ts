import { useCallback, useState } from 'react';
import { useLogoutIfAccessDenied, useTranslate } from 'react-admin';
import { useDialogs } from '../../shared/ui/dialogs/DialogsProvider';
import { errorMessageOf } from '../../shared/ui/errorMessageOf';
import { apiUrl } from '../../platform/dataProvider/apiBase';
import { httpClient } from '../../platform/dataProvider/httpClient';
import type { ThermalImageUpload } from './noteTypes';
import { thermalFileProblem } from './thermalImageFile';

const PROBLEM_MESSAGES = {
  not_jpeg: 'app.thermography.not_jpeg',
  too_large: 'app.thermography.file_too_large',
} as const;

/**
 * Spec §5 thermal image upload: JPEG by content and at most 1 MB, checked in the browser before
 * anything is sent (an alert says why not), then POST thermographyNote/{id}/thermalImage with
 * extractMoreInfo=true, so a FLIR picture brings its real image, parameters and measurements
 * (DESIGN §8). The server's refusal (413, 415, a file it cannot read) is shown in an alert too, and
 * so is its reason when a picture it kept gave no temperatures (DESIGN §16).
 */
export function useThermalUpload(noteId: string, onUploaded: (upload: ThermalImageUpload) => void) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [uploading, setUploading] = useState(false);

  const upload = useCallback(
    async (file: File) => {
      const problem = await thermalFileProblem(file);
      if (problem) {
        await dialogs.alert(translate(PROBLEM_MESSAGES[problem]));
        return;
      }
      setUploading(true);
      try {
        const form = new FormData();
        form.append('thermalImage', file, file.name);
        const { json } = await httpClient(apiUrl(`/thermographyNote/${encodeURIComponent(noteId)}/thermalImage`, { extractMoreInfo: 'true' }), { method: 'POST', body: form });
        const uploaded = json as ThermalImageUpload;
        onUploaded(uploaded);
        // Kept as a picture: the thermographer is told why it shows no temperatures (DESIGN §16).
        if (uploaded.noTemperatures) await dialogs.alert(uploaded.noTemperatures, { title: translate('app.thermography.no_temperatures') });
      } catch (error: unknown) {
        if (await logoutIfAccessDenied(error)) return;
        await dialogs.alert(errorMessageOf(error, translate), { title: translate('app.thermography.upload_failed') });
      } finally {
        setUploading(false);
      }
    },
    [noteId, onUploaded, dialogs, translate, logoutIfAccessDenied],
  );

  return { upload, uploading };
}
