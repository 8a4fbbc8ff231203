import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material';
import type { RaRecord } from 'react-admin';
import type { CheckedPermission } from '../../../common/permissions';
import type { RecordColumn } from '../../shared/ui/recordTable/RecordTable';
import type { SortTerm } from '../../shared/ui/recordTable/tableSort';

export type ResourceAction = 'create' | 'copy' | 'update' | 'delete' | 'restore';

/** i18n keys of an entity's notices (spec §8). */
export interface ResourceMessages {
  created: string;
  copied: string;
  updated: string;
  deleted: string;
  creationFailed: string;
  copyingFailed: string;
  updatingFailed: string;
  deletionFailed: string;
}

/** The spec §8 pattern: 'Role created', 'Role updating failed'… under app.<namespace>. */
export function standardMessages(namespace: string): ResourceMessages {
  const key = (name: string) => `app.${namespace}.${name}`;
  return {
    created: key('created'),
    copied: key('copied'),
    updated: key('updated'),
    deleted: key('deleted'),
    creationFailed: key('creation_failed'),
    copyingFailed: key('copying_failed'),
    updatingFailed: key('updating_failed'),
    deletionFailed: key('deletion_failed'),
  };
}

export interface EditorProps<T extends RaRecord> {
  record: T;
  /** Saves through the generic update (messages, refresh) and answers whether it worked. */
  save: (data: Partial<T>) => Promise<boolean>;
}

export interface CreateDialogProps<T extends RaRecord> {
  /** The record being copied (spec §2.9: the dialog fetches it), otherwise undefined. */
  sourceId?: T['id'];
  onClose: () => void;
  /** Creates through the generic create (messages, refresh); answers the saved record or null. */
  create: (body: Partial<T>) => Promise<T | null>;
}

export interface ToolbarActionProps<T extends RaRecord> {
  selected: readonly T[];
}

/**
 * One administration screen, declared once (DESIGN §2): the generic page renders the list,
 * search, multi-sort, expandable inline editor, New/Copy/Delete and the spec's messages from it.
 */
export interface ResourceDefinition<T extends RaRecord = RaRecord> {
  /** API resource: /api/<name>. */
  name: string;
  /** Route under /home (spec §2.1), e.g. 'attributeManagement'. */
  route: string;
  /** The write permission (spec §6 manage-<entity>): the route and the drawer entry need it. */
  permission: CheckedPermission;
  /** i18n key of the page title and drawer entry. */
  title: string;
  icon: ComponentType<SvgIconProps>;
  /** Projection of the list call (spec §7), e.g. ['name', 'type', 'technicalName']. */
  listFields?: readonly string[];
  /**
   * A hook, so columns can look up related names (roles of a user, checklists of an asset); it is
   * given the loaded rows for columns that depend on them (one per custom attribute of users).
   */
  useColumns: (rows: readonly T[]) => RecordColumn<T>[];
  /** Spec §2.9: by name or key. */
  defaultSort: readonly SortTerm[];
  messages: ResourceMessages;
  /**
   * 'New X': a prompt for the name (spec §5, empty does nothing) whose answer becomes the body,
   * or a dialog of the entity's own.
   */
  create?:
    | { label: string; kind: 'prompt'; promptLabel?: string; body?: (name: string) => Partial<T> }
    | { label: string; kind: 'dialog'; Dialog: ComponentType<CreateDialogProps<T>> };
  /** 'Copy X' with exactly one row selected; the body drops what spec §7 says. */
  copy?: { label: string; dropFields?: readonly string[] };
  /**
   * Delete (spec §5: after a confirmation). Declared, it adds the Actions column with a Delete
   * button per row named "Delete <label field>"; the confirmation is `confirmKey` given
   * %{name} = the record's label field, by default the spec's 'Are you sure you want to delete this
   * item?'. `declareResource` declares it unless told `delete: false`. Without it: no Actions column.
   */
  remove?: { confirmKey?: string };
  /** The field, or fields read together ('P-100 Impeller'), naming a record in the Delete button and the confirmation; default 'name'. */
  labelField?: string | readonly string[];
  /**
   * English derived from the declaration by key (docs/resources.md): the text a key shows when
   * en.ts lacks it. en.ts must still hold every key (tests/web/platform/i18n).
   */
  strings?: Readonly<Record<string, string>>;
  /**
   * The server archives records that history refers to instead of deleting them (its
   * `GET /<name>/:id/references` and `POST /<name>/:id/restore`): the confirmation says how many
   * refer to it and what will happen, a "Show archived" switch lists archived records with a
   * Restore action.
   */
  archivable?: boolean;
  /** The inline editor of an expanded row. */
  Editor?: ComponentType<EditorProps<T>>;
  /**
   * Fields holding ids of other records, each with the API resource it names (a user's role →
   * 'role'): the record's history shows those records' names, not their ids. Derived from the
   * schema's reference fields by `declareResource`.
   */
  references?: Readonly<Record<string, string>>;
  /**
   * Spec §8: config shows the server's message in an alert on any failure (true); users only on
   * add and update (['create', 'update']), their deletion failure being a notice.
   */
  failureShowsServerMessage?: boolean | readonly ResourceAction[];
  /** Buttons next to New/Copy that act on the selection (e.g. QR labels). */
  ToolbarActions?: ComponentType<ToolbarActionProps<T>>;
  /** Whether rows can be selected without copy (for toolbar actions). */
  selectable?: boolean;
  /**
   * Page, sort and search on the server (issue 22: 10,000 assets) instead of loading every row:
   * each column's key must be one the server's list sorts by (docs/administration.md, "Server paging").
   */
  serverPaging?: boolean;
}

/** What names a record in the Delete button and the confirmation: its label fields' values, else its id. */
export function recordLabel<T extends RaRecord>(definition: Pick<ResourceDefinition<T>, 'labelField'>, record: T): string {
  const fields = typeof definition.labelField === 'string' ? [definition.labelField] : (definition.labelField ?? ['name']);
  const values = fields.map((field) => (record as Record<string, unknown>)[field]).filter((value) => (typeof value === 'string' && value !== '') || typeof value === 'number');
  return values.length > 0 ? values.join(' ') : String(record.id);
}
