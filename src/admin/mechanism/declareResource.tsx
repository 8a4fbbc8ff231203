import type { ComponentType } from 'react';
import type { RaRecord } from 'react-admin';
import type { AnyObjectSchema } from 'yup';
import { describedFields } from '../../../common/fields';
import { addDerivedEnglish } from '../../platform/i18n/derivedEnglish';
import type { RecordColumn } from '../../shared/ui/recordTable/RecordTable';
import { requiredFieldsDialog } from './RequiredFieldsDialog';
import { ResourceForm } from './ResourceForm';
import type { EditorProps, ResourceDefinition, ResourceMessages } from './ResourceDefinition';
import { drawnByForm, fieldLabelKey, SchemaInputs, snake, type OwnInputs } from './SchemaInputs';
import { schemaColumnsHook, type DeclaredUsedBy, type SchemaColumn, type UsedBy } from './schemaColumns';

/** The spec §8 notices and the i18n key of each. */
const OUTCOMES: readonly [keyof ResourceMessages, string, string][] = [
  ['created', 'created', 'created'],
  ['copied', 'copied', 'copied'],
  ['updated', 'updated', 'updated'],
  ['deleted', 'deleted', 'deleted'],
  ['creationFailed', 'creation_failed', 'creation failed'],
  ['copyingFailed', 'copying_failed', 'copying failed'],
  ['updatingFailed', 'updating_failed', 'updating failed'],
  ['deletionFailed', 'deletion_failed', 'deletion failed'],
];

/**
 * An administration resource as few lines declare it (docs/resources.md). Everything not given is
 * derived from `name`, `label` and the schema's described fields (common/fields).
 */
export interface ResourceDeclaration<T extends RaRecord>
  extends Partial<Omit<ResourceDefinition<T>, 'messages' | 'create' | 'copy' | 'remove' | 'Editor' | 'useColumns'>> {
  /** API resource (/api/<name>), route `<name>Management`, i18n namespace `app.<name>`. */
  name: string;
  /** The entity in English: 'Vendor' → 'Vendor created', 'New Vendor', 'Vendor management'. */
  label: string;
  schema: AnyObjectSchema;
  icon: ResourceDefinition<T>['icon'];
  permission: ResourceDefinition<T>['permission'];
  /** i18n namespace when it is not the name (spec strings kept under app.table_admin…). */
  namespace?: string;
  /** Described fields and used-by columns listed as columns, in this order; default every described field in the schema's order. */
  columns?: readonly (string | UsedBy)[];
  /** Columns of the entity's own, instead of the derived ones. */
  useColumns?: (rows: readonly T[]) => RecordColumn<T>[];
  /** Notices spelt otherwise than the pattern (spec §8: 'Attribute created' on update). */
  messages?: Partial<ResourceMessages>;
  /** 'New <Label>' prompting the name (default); false for none; or a dialog/body of its own. */
  create?:
    | false
    | Partial<Extract<ResourceDefinition<T>['create'], { kind: 'prompt' }>>
    | (Omit<Extract<ResourceDefinition<T>['create'], { kind: 'dialog' }>, 'label'> & { label?: string });
  /** 'Copy <Label>' of the one selected row; off by default. */
  copy?: boolean | { dropFields?: readonly string[] };
  /** Delete in the Actions column (on by default); `confirmKey` words the confirmation. */
  delete?: boolean | { confirmKey: string };
  /** The inline editor: derived from the plain described fields by default; false for none. */
  Editor?: ComponentType<EditorProps<T>> | false;
  /** Described fields the derived editor draws with inputs of the entity's own, in their place. */
  inputs?: OwnInputs;
  /** Parts of the derived editor's form after the described fields' inputs (a widget's options, a table's Run preview of the saved record). */
  FormExtra?: ComponentType<EditorProps<T>>;
  /** What the derived editor shows under its form (a report's downloads). */
  Below?: ComponentType<EditorProps<T>>;
}

export function declareResource<T extends RaRecord>(declaration: ResourceDeclaration<T>): ResourceDefinition<T> {
  const { name, label, schema, namespace = name, columns, create, copy = false, Editor, FormExtra, Below, inputs, ...rest } = declaration;
  const key = (suffix: string) => `app.${namespace}.${suffix}`;
  const strings: Record<string, string> = {};
  const say = (i18nKey: string, english: string) => {
    strings[i18nKey] = english;
    return i18nKey;
  };
  const title = declaration.title ?? say(`app.menu.${snake(name)}_management`, `${label} management`);
  const messages = Object.fromEntries(OUTCOMES.map(([field, suffix, words]) => [field, declaration.messages?.[field] ?? say(key(suffix), `${label} ${words}`)])) as unknown as ResourceMessages;

  const described = describedFields(schema);
  const unknown = (columns ?? []).filter((column) => typeof column === 'string' && !described.some(({ field }) => field === column));
  if (unknown.length > 0) throw new Error(`declareResource(${name}): columns ${unknown.join(', ')} are not described fields of its schema`);
  // In the order the declaration lists them (a photo first), else the schema's.
  type Listed = (typeof described)[number] | UsedBy;
  const listed = columns ? columns.flatMap((column): Listed[] => (typeof column === 'string' ? described.filter(({ field }) => field === column) : [column])) : described;
  // The name column says what the rows are (spec §2.9: Permission, Role, Job…); others their field.
  const schemaColumns = listed.map((column): SchemaColumn | DeclaredUsedBy => {
    if ('resource' in column) return { ...column, labelKey: say(key(`columns.${snake(column.key)}`), column.label) };
    const { field, meta, kind } = column;
    return { field, kind, meta: field === 'name' ? { ...meta, label } : meta, labelKey: say(key(`columns.${snake(field === 'name' ? name : field)}`), field === 'name' ? label : meta.label) };
  });
  const useColumns = declaration.useColumns ?? schemaColumnsHook<T>(schemaColumns, rest.labelField);

  const plain = described.filter(({ meta, kind }) => drawnByForm(kind.input?.(meta) ?? null));
  const derivesEditor = Editor === undefined && plain.length > 0;
  if (derivesEditor) for (const { field, meta } of plain) say(fieldLabelKey(namespace, field), meta.label);
  const DerivedEditor = (props: EditorProps<T>) => (
    <>
      <ResourceForm record={props.record} schema={schema} save={props.save}>
        <SchemaInputs schema={schema} namespace={namespace} entity={name} inputs={inputs} />
        {FormExtra && <FormExtra {...props} />}
      </ResourceForm>
      {Below && <Below {...props} />}
    </>
  );

  const newLabel = create === false ? '' : create && 'label' in create && create.label ? create.label : say(key('new'), `New ${label}`);
  const copyLabel = copy ? say(key('copy'), `Copy ${label}`) : undefined;
  const dropFields = typeof copy === 'object' ? copy.dropFields : undefined;
  // Records needing more than a name are created in a dialog asking every required field, unless the declaration says how.
  const asksRequired = create === undefined && described.some(({ field, meta }) => meta.required && field !== 'name');

  const definition: ResourceDefinition<T> = {
    route: `${name}Management`,
    defaultSort: [{ field: 'name', order: 'asc' }],
    ...rest,
    name,
    title,
    messages,
    useColumns,
    create: create === false ? undefined : asksRequired ? { kind: 'dialog', label: newLabel, Dialog: requiredFieldsDialog<T>({ name, schema, namespace, newLabel, copyLabel, dropFields }) } : ({ kind: 'prompt', ...create, label: create?.label ?? newLabel } as ResourceDefinition<T>['create']),
    copy: copy ? { label: copyLabel ?? say(key('copy'), `Copy ${label}`), ...(copy === true ? {} : copy) } : undefined,
    remove: declaration.delete === false ? undefined : { confirmKey: typeof declaration.delete === 'object' ? declaration.delete.confirmKey : 'app.confirm.delete_item' },
    Editor: derivesEditor ? DerivedEditor : Editor || undefined,
    references: Object.fromEntries(described.flatMap(({ field, meta }) => (meta.reference ? [[field, meta.reference]] : []))),
    strings,
  };
  // Every key above that en.ts lacks shows this English (src/platform/i18n/derivedEnglish.ts).
  addDerivedEnglish(strings);
  return definition;
}
