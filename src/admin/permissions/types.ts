import type { Permission } from '../../../common/resources/permission';

export type PermissionRecord = Permission & { id: string };
