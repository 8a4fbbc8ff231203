import type { UserRecord } from '../../../common/resources/user';

export type UserAdminRecord = UserRecord & { id: string };
