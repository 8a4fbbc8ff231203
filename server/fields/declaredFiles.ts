import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AuthUser } from '../auth/access';
import { files } from '../db/schema';
import { newId } from '../db/ids';
import { describedFields, type FieldMeta } from '../../common/fields';
import { acceptedWords, acceptsContentType, holdsFile, type FileSettings, type StoredFile } from '../../common/fields/file';
import { mayReadFile, type FileOwnerReaders } from '../modules/files/fileAccess';
import type { DeclarationShape, Row, Transaction } from '../crud/crudTypes';
import { refusedField } from '../crud/validateBody';

/** The file and photo fields of a declaration (common/fields/file.ts). */
export function declaredFileFields(resource: DeclarationShape): { field: string; meta: FieldMeta<FileSettings> }[] {
  return describedFields(resource.schema).filter(({ meta }) => holdsFile(meta));
}

const idOf = (value: unknown): string | null => (typeof value === 'object' && value !== null && typeof (value as StoredFile)._id === 'string' ? (value as StoredFile)._id : null);

type FileRow = { _id: string; name: string; contentType: string; size: number; uploadedBy: string; ownerType: string | null; ownerId: string | null };

const described = (file: Pick<FileRow, '_id' | 'name' | 'contentType' | 'size'>): StoredFile => ({ _id: file._id, name: file.name, contentType: file.contentType, size: file.size });

/**
 * A record's files as it is saved (inside its write's transaction), one field at a time:
 * - the file it held stays as stored (whatever name or size a body says);
 * - an upload of the caller's own that no record holds yet becomes this record's: the daily cleanup
 *   of unused uploads (server/modules/files/fileCleanup.ts) no longer touches it, and whoever may
 *   read the record may read it;
 * - a file another record holds, that the caller may read (a copied record's), is copied for this
 *   one, so deleting either record leaves the other's file;
 * - anything else is a 400 naming the field, and so is a type the field does not take;
 * - a file the record held and no longer does is deleted.
 * Returns the body with each field's value as the server describes the file.
 */
export async function keepDeclaredFiles(
  tx: Transaction,
  resource: DeclarationShape,
  recordId: string,
  input: Record<string, unknown>,
  existing: Row | null,
  user: AuthUser,
  readers: FileOwnerReaders,
): Promise<Record<string, unknown>> {
  const kept = { ...input };
  for (const { field, meta } of declaredFileFields(resource)) {
    const wanted = idOf(input[field]);
    const held = existing ? idOf(existing[field]) : null;
    if (held !== null && held !== wanted) await tx.delete(files).where(and(eq(files._id, held), eq(files.ownerType, resource.entity), eq(files.ownerId, recordId)));
    if (wanted === null) {
      kept[field] = null;
      continue;
    }
    if (wanted === held) {
      kept[field] = existing?.[field] ?? null;
      continue;
    }
    const [file] = (await tx
      .select({ _id: files._id, name: files.name, contentType: files.contentType, size: files.size, uploadedBy: files.uploadedBy, ownerType: files.ownerType, ownerId: files.ownerId })
      .from(files)
      .where(eq(files._id, wanted))) as FileRow[];
    const notYours = `${meta.label}: no uploaded file ${wanted} that you may use`;
    if (!file) throw refusedField(field, notYours);
    if (!acceptsContentType(meta, file.contentType)) throw refusedField(field, `${meta.label} must be ${acceptedWords(meta)}`);
    if (file.ownerType === null) {
      if (file.uploadedBy !== user._id) throw refusedField(field, notYours);
      // Claimed only while still unclaimed: of two saves naming one upload, the second copies it (or is refused).
      const [claimed] = await tx
        .update(files)
        .set({ ownerType: resource.entity, ownerId: recordId })
        .where(and(eq(files._id, wanted), isNull(files.ownerType)))
        .returning({ _id: files._id });
      if (claimed) {
        kept[field] = described(file);
        continue;
      }
    }
    if (!mayReadFile(file, user, readers)) throw refusedField(field, notYours);
    const copyId = newId();
    await tx.execute(sql`insert into ${files} (id, name, content_type, size, data, uploaded_by, owner_type, owner_id, created_at)
      select ${copyId}, name, content_type, size, data, ${user._id}, ${resource.entity}, ${recordId}, ${Date.now()} from ${files} where id = ${wanted}`);
    kept[field] = described({ ...file, _id: copyId });
  }
  return kept;
}

/** A deleted record's files go with it. */
export async function dropDeclaredFiles(tx: Transaction, resource: DeclarationShape, recordId: string): Promise<void> {
  if (declaredFileFields(resource).length === 0) return;
  await tx.delete(files).where(and(eq(files.ownerType, resource.entity), eq(files.ownerId, recordId)));
}
