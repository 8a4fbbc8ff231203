import { DEMO_USERS } from '../../../server/seed/demoUsers';
export const DEMO_USERNAMES = DEMO_USERS.map((u) => u.username);
