import { useCallback, useMemo } from 'react';
import { useDataProvider, useLogoutIfAccessDenied, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { copyBody } from '../../../common/resources/schemaParts';
import { useDialogs } from '../../shared/ui/dialogs/DialogsProvider';
import { httpStatusOf } from '../../platform/authProvider/httpStatus';
// Not useApiFetch: failures go through `fail`, which sends a 401/403 to Login once.
import { apiFetch } from '../../platform/dataProvider/apiFetch';
import { deletionConfirmation, type RecordReferences } from './deletionConfirmation';
import { recordLabel, type ResourceAction, type ResourceDefinition } from './ResourceDefinition';

/** The server's message of a failed call (DESIGN §3 `message`), when it gave one. */
export function serverMessageOf(error: unknown): string | null {
  return error instanceof Error && error.message ? error.message : null;
}

const serverMessageOnly = (shows: ResourceDefinition<RaRecord>['failureShowsServerMessage'], action: ResourceAction) =>
  shows === true || (Array.isArray(shows) && shows.includes(action));

/**
 * A refused write told the way the user screens tell theirs (spec §8): an alert with the server's
 * reason, titled with the spec's failure message ('Attribute creation failed') — or the reason
 * alone where the spec shows just the server's message (users' add and update, config). Null when
 * the server gave no reason (no answer at all): the spec's message is then a notice.
 */
export function failureAlert(error: unknown, specMessage: string, reasonOnly: boolean): { title?: string; message: string } | null {
  const reason = httpStatusOf(error) === undefined ? null : serverMessageOf(error);
  if (!reason) return null;
  return reasonOnly ? { message: reason } : { title: specMessage, message: reason };
}

/**
 * Create, copy, update, delete (and for archivable entities restore) for a resource, with the
 * spec's notices (§8) and a refresh of the list afterwards. Failures are told by `failureAlert` and
 * rethrown for callers that show them in place.
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
      const failure = failureAlert(error, translate(messageKey), serverMessageOnly(definition.failureShowsServerMessage, action));
      if (failure) await dialogs.alert(failure.message, { title: failure.title });
      else notify(messageKey, { type: 'error' });
    },
    [definition.failureShowsServerMessage, dialogs, logoutIfAccessDenied, notify, translate],
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
      const question = translate(definition.remove?.confirmKey ?? 'app.confirm.delete_item', { name: recordLabel(definition, record) });
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
    [archivable, dataProvider, definition, dialogs, fail, messages, name, notify, recordPath, refresh, translate],
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
        await fail(error, 'app.archive.restore_failed', 'restore');
        return false;
      }
    },
    [fail, notify, recordPath, refresh],
  );

  /** Spec §7: the copy's body is every field but name/_id/createdAt/updatedAt (and the entity's extras). */
  const copyOf = useCallback(
    (record: T, newName: string) => copyBody(record, newName, definition.copy?.dropFields ?? []) as Partial<T>,
    [definition.copy?.dropFields],
  );

  return useMemo(() => ({ create, update, remove, restore, copyOf }), [create, update, remove, restore, copyOf]);
}
