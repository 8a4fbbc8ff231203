import type { GuardedRoute } from '../../routes/GuardedRoute';
import { TechnicianHome } from './TechnicianHome';

/** Children of /inspection (spec §2.1), relative to it; the area itself already needs view-technician. */
export const technicianRoutes: readonly GuardedRoute[] = [{ element: <TechnicianHome />, permissions: [] }];
