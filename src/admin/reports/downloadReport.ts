import { useCallback } from 'react';
import { HttpError, useLogoutIfAccessDenied } from 'react-admin';
import { sessionStore } from '../../platform/authProvider/sessionStore';
import { httpStatusOf } from '../../platform/authProvider/httpStatus';
import { deviceTimeZone } from '../../shared/ui/deviceTimeZone';
import { apiUrl, type QueryValue } from '../../platform/dataProvider/apiBase';
import type { ReportFormat } from '../../../common/resources/report';

const EXTENSIONS: Record<ReportFormat, string> = { pdf: 'pdf', xls: 'xlsx', doc: 'docx' };

/**
 * The file name of a Content-Disposition header (spec §7: the download is named by the server):
 * RFC 5987 `filename*=UTF-8''…` first, then `filename="…"`; null when there is none.
 */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim());
    } catch {
      // A malformed encoding: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  return name || null;
}

export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

/**
 * GET `path` with the session's token: the file and the name the server gives it (spec §7), or
 * `fallbackName` when it gives none. A refusal rejects with an HttpError carrying the server's message.
 */
export async function fetchDownload(path: string, query: Record<string, QueryValue>, fallbackName: string): Promise<DownloadedFile> {
  const headers = new Headers();
  const token = sessionStore.getToken();
  if (token) headers.set('x-auth', token);
  const response = await fetch(apiUrl(path, query), { headers });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new HttpError(body?.message ?? response.statusText, response.status, body);
  }
  const filename = filenameFromDisposition(response.headers.get('content-disposition')) ?? fallbackName;
  return { blob: await response.blob(), filename };
}

/**
 * GET /report/{id}/download with the filters and reportFormat (spec §7): the blob and its file
 * name. The report's times are in this device's zone, as the app shows them (issue 40 §8).
 */
export function fetchReportFile(
  id: string,
  format: ReportFormat,
  filters: Record<string, QueryValue> = {},
  fallbackName = 'report',
): Promise<DownloadedFile> {
  return fetchDownload(`/report/${encodeURIComponent(id)}/download`, { ...filters, reportFormat: format, timeZone: deviceTimeZone() }, `${fallbackName}.${EXTENSIONS[format]}`);
}

export type ThermographyReportFormat = Extract<ReportFormat, 'pdf' | 'doc'>;

/** What a thermography report covers: one inspection, one asset's notes in a period, or every asset's (the site). */
export type ThermographyReportScope = { inspection: string } | { asset: string; from: number; to: number } | { from: number; to: number };

/** GET /thermography/report for a scope, in this device's zone like every report. */
export function fetchThermographyReport(scope: ThermographyReportScope, format: ThermographyReportFormat): Promise<DownloadedFile> {
  return fetchDownload('/thermography/report', { ...scope, reportFormat: format, timeZone: deviceTimeZone() }, `Thermography report.${EXTENSIONS[format]}`);
}

/** Hands a blob to the browser as a download named `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Saves what `fetchFile` brings and answers its file name. A failure `signsOut` selects goes to
 * authProvider.checkError (spec §8); every failure still rejects, for the caller to show its message.
 */
function useSavedDownload<Args extends unknown[]>(fetchFile: (...args: Args) => Promise<DownloadedFile>, signsOut: (error: unknown) => boolean) {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  return useCallback(
    async (...args: Args) => {
      try {
        const { blob, filename } = await fetchFile(...args);
        saveBlob(blob, filename);
        return filename;
      } catch (error: unknown) {
        if (signsOut(error)) await logoutIfAccessDenied(error);
        throw error;
      }
    },
    [fetchFile, signsOut, logoutIfAccessDenied],
  );
}

const everyFailure = () => true;
const unauthenticated = (error: unknown) => httpStatusOf(error) === 401;

/** Downloads a report in a format; 401/403 sends the user to Login (spec §8), other failures reject with the server's message. */
export const useReportDownload = () => useSavedDownload(fetchReportFile, everyFailure);

/**
 * Downloads a thermography report. Only a 401 sends the user to Login: it is asked from a dialog
 * beside the page, so a refused scope (403) is told there while the page, which the user may
 * open, stays — checkError would send a 403 to Login and mark the page itself denied.
 */
export const useThermographyReportDownload = () => useSavedDownload(fetchThermographyReport, unauthenticated);
