import type { AuthUser } from '../../auth/access';
import type { PermissionName } from '../../../common/permissions';

/** Who may read a file: whoever may read the record that owns it (DESIGN §9). */
const OWNER_READ: Record<string, PermissionName> = {
  inspection: 'read-inspection',
  thermographyNote: 'read-thermography-note',
};

export function mayReadFile(file: { uploadedBy: string; ownerType: string | null }, user: AuthUser): boolean {
  if (file.uploadedBy === user._id) return true;
  const permission = file.ownerType ? OWNER_READ[file.ownerType] : undefined;
  return permission ? user.permissions.has(permission) : false;
}
