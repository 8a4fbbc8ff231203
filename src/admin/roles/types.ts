import type { Role } from '../../../common/resources/role';

export type RoleRecord = Role & { id: string };
