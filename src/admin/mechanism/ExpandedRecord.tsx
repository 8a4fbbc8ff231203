import { LinearProgress } from '@mui/material';
import { useGetOne, type RaRecord } from 'react-admin';
import { AuditHistory } from './AuditHistory';
import type { ResourceDefinition } from './ResourceDefinition';

/**
 * An expanded row: the whole record (lists only carry the projected columns), its inline
 * editor, and its history.
 */
export function ExpandedRecord<T extends RaRecord>({
  definition,
  id,
  update,
}: {
  definition: ResourceDefinition<T>;
  id: T['id'];
  update: (record: T, data: Partial<T>) => Promise<T>;
}) {
  const { data: record, isPending, refetch } = useGetOne<T>(definition.name, { id });
  if (isPending || !record) return <LinearProgress />;
  const Editor = definition.Editor;
  return (
    <>
      {Editor && (
        <Editor
          key={String(record.updatedAt ?? '')}
          record={record}
          save={(changes) =>
            update(record, changes).then(
              () => {
                void refetch();
                return true;
              },
              () => false,
            )
          }
        />
      )}
      <AuditHistory resource={definition.name} id={String(record.id)} version={record.updatedAt} references={definition.references} />
    </>
  );
}
