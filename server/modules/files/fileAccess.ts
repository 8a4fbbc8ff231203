import type { Access, AuthUser } from '../../auth/access';
import type { DeclarationShape } from '../../crud/crudTypes';
import { holdsFile } from '../../../common/fields/file';
import { describedFields } from '../../../common/fields';

/** Who may read a file a record holds, by the record's entity (DESIGN §9: whoever may read the record). */
export type FileOwnerReaders = ReadonlyMap<string, (user: AuthUser) => boolean>;

const holding = (permission: string) => (user: AuthUser) => user.permissions.has(permission);

/** The records of the spec's own flows that hold files: inspections' image values, thermography notes' images. */
export const BUILT_IN_FILE_OWNERS: FileOwnerReaders = new Map([
  ['inspection', holding('read-inspection')],
  ['thermographyNote', holding('read-thermography-note')],
]);

/** Whether a user passes a declaration's read access for any record (its names-only exception aside). */
function mayRead(access: Access, user: AuthUser): boolean {
  if ('permission' in access) return user.permissions.has(access.permission);
  if ('anyPermission' in access) return access.anyPermission.some((permission) => user.permissions.has(permission));
  return 'signedIn' in access || 'public' in access;
}

/** The built-in owners and every declaration with a file or photo field (server/fields/declaredFiles.ts). */
export function fileOwnerReaders(resources: readonly DeclarationShape[]): FileOwnerReaders {
  const declared = resources
    .filter((resource) => describedFields(resource.schema).some(({ meta }) => holdsFile(meta)))
    .map((resource): [string, (user: AuthUser) => boolean] => {
      const read = resource.read ?? { permission: resource.write };
      return [resource.entity, (user) => mayRead(read, user)];
    });
  return new Map([...BUILT_IN_FILE_OWNERS, ...declared]);
}

/** Who may read a file: its uploader, and whoever may read the record that holds it (DESIGN §9). */
export function mayReadFile(file: { uploadedBy: string; ownerType: string | null }, user: AuthUser, readers: FileOwnerReaders = BUILT_IN_FILE_OWNERS): boolean {
  if (file.uploadedBy === user._id) return true;
  const reader = file.ownerType ? readers.get(file.ownerType) : undefined;
  return reader ? reader(user) : false;
}
