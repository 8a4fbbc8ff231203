import { useCallback, useMemo } from 'react';
import { useDataProvider, useLogoutIfAccessDenied, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { copyBody } from '../../../common/resources/schemaParts';
import { useDialogs } from '../../common-ui/dialogs/DialogsProvider';
// Not useApiFetch: failures go through `fail`, which sends a 401/403 to Login once.
import { apiFetch } from '../../dataProvider/apiFetch';
import { deletionConfirmation, type RecordReferences } from './deletionConfirmation';
import type { ResourceAction, ResourceDefinition } from './ResourceDefinition';

/** The server's message of a failed call (DESIGN §3 `message`), when it gave one. */
export function serverMessageOf(error: unknown): string | null {
  return error instanceof Error && error.message ? error.message : null;
}

/**
 * Create, copy, update, delete (and for archivable entities restore) for a resource, with the
 * spec's notices (§8) and a refresh of the list afterwards. Failures are notified (or, for users
 * and config, the server's message is shown in an alert) and rethrown for callers that show them
 * in place.
 */
export function useResourceActions<T extends RaRecord>(definition: ResourceDefinition<T>, refresh: () => void) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const translate = useTranslate();
  const dialogs = useDialogs();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const { name, messages, archivable = false } = definition;
  const recordPath = useCallback((record: T, action: string) => `/${name}/${encodeURIComponent(String(record.id))}/${action}`, [name]);

  const fail = useCallback(
    async (error: unknown, messageKey: string, action: ResourceAction) => {
      if (await logoutIfAccessDenied(error)) return;
      const serverMessage = serverMessageOf(error);
      const shows = definition.failureShowsServerMessage;
      const alertsServerMessage = shows === true || (Array.isArray(shows) && shows.includes(action));
      if (alertsServerMessage && serverMessage) await dialogs.alert(serverMessage);
      else notify(messageKey, { type: 'error' });
    },
    [definition.failureShowsServerMessage, dialogs, logoutIfAccessDenied, notify],
  );

  const create = useCallback(
    async (body: Partial<T>, kind: 'create' | 'copy' = 'create'): Promise<T> => {
      try {
        const { data } = await dataProvider.create<T>(name, { data: body });
        notify(kind === 'copy' ? messages.copied : messages.created, { type: 'success' });
        refresh();
        return data;
      } catch (error) {
        await fail(error, kind === 'copy' ? messages.copyingFailed : messages.creationFailed, kind);
        throw error;
      }
    },
    [dataProvider, fail, messages, name, notify, refresh],
  );

  const update = useCallback(
    async (record: T, data: Partial<T>): Promise<T> => {
      try {
        const { data: saved } = await dataProvider.update<T>(name, { id: record.id, data, previousData: record });
        notify(messages.updated, { type: 'success' });
        refresh();
        return saved;
      } catch (error) {
        await fail(error, messages.updatingFailed, 'update');
        throw error;
      }
    },
    [dataProvider, fail, messages, name, notify, refresh],
  );

  const remove = useCallback(
    async (record: T): Promise<boolean> => {
      const question = definition.remove?.confirmMessage?.(record, translate) ?? translate('app.confirm.delete_item');
      let message = question;
      if (archivable) {
        // The user must know before confirming whether the record goes or is archived.
        try {
          message = deletionConfirmation(question, await apiFetch<RecordReferences>(recordPath(record, 'references')), translate);
        } catch (error) {
          await fail(error, messages.deletionFailed, 'delete');
          return false;
        }
      }
      if (!(await dialogs.confirm(message))) return false;
      try {
        await dataProvider.delete<T>(name, { id: record.id, previousData: record });
        // Spec §8's notice either way: the confirmation already said it would be archived.
        notify(messages.deleted, { type: 'success' });
        refresh();
        return true;
      } catch (error) {
        await fail(error, messages.deletionFailed, 'delete');
        return false;
      }
    },
    [archivable, dataProvider, definition.remove, dialogs, fail, messages, name, notify, recordPath, refresh, translate],
  );

  /** An archived record back in lists and new work; a refusal (e.g. its attributes are archived) is shown as the server says it. */
  const restore = useCallback(
    async (record: T): Promise<boolean> => {
      try {
        await apiFetch(recordPath(record, 'restore'), { method: 'POST' });
        notify('app.archive.restored', { type: 'success' });
        refresh();
        return true;
      } catch (error) {
        if (await logoutIfAccessDenied(error)) return false;
        const serverMessage = serverMessageOf(error);
        if (serverMessage) await dialogs.alert(serverMessage);
        else notify('app.archive.restore_failed', { type: 'error' });
        return false;
      }
    },
    [dialogs, logoutIfAccessDenied, notify, recordPath, refresh],
  );

  /** Spec §7: the copy's body is every field but name/_id/createdAt/updatedAt (and the entity's extras). */
  const copyOf = useCallback(
    (record: T, newName: string) => copyBody(record, newName, definition.copy?.dropFields ?? []) as Partial<T>,
    [definition.copy?.dropFields],
  );

  return useMemo(() => ({ create, update, remove, restore, copyOf }), [create, update, remove, restore, copyOf]);
}
