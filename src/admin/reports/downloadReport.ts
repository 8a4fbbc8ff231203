import { useCallback } from 'react';
import { HttpError, useLogoutIfAccessDenied } from 'react-admin';
import { sessionStore } from '../../platform/authProvider/sessionStore';
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

/**
 * GET /report/{id}/download with the filters and reportFormat (spec §7): the blob and its file
 * name. The report's times are in this device's zone, as the app shows them (issue 40 §8).
 */
export async function fetchReportFile(
  id: string,
  format: ReportFormat,
  filters: Record<string, QueryValue> = {},
  fallbackName = 'report',
): Promise<{ blob: Blob; filename: string }> {
  const headers = new Headers();
  const token = sessionStore.getToken();
  if (token) headers.set('x-auth', token);
  const response = await fetch(apiUrl(`/report/${encodeURIComponent(id)}/download`, { ...filters, reportFormat: format, timeZone: deviceTimeZone() }), { headers });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new HttpError(body?.message ?? response.statusText, response.status, body);
  }
  const filename = filenameFromDisposition(response.headers.get('content-disposition')) ?? `${fallbackName}.${EXTENSIONS[format]}`;
  return { blob: await response.blob(), filename };
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

/** Downloads a report in a format; 401/403 sends the user to Login (spec §8), other failures reject with the server's message. */
export function useReportDownload() {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  return useCallback(
    async (id: string, format: ReportFormat, filters?: Record<string, QueryValue>, fallbackName?: string) => {
      try {
        const { blob, filename } = await fetchReportFile(id, format, filters, fallbackName);
        saveBlob(blob, filename);
        return filename;
      } catch (error: unknown) {
        await logoutIfAccessDenied(error);
        throw error;
      }
    },
    [logoutIfAccessDenied],
  );
}
