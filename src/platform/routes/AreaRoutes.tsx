import { Navigate, Route, Routes } from 'react-router-dom';
import type { GuardedRoute } from './GuardedRoute';
import { renderGuardedRoutes } from './renderGuardedRoutes';

/** The child routes of an area shell; any other path below the area falls back to home (spec §2.1). */
export const AreaRoutes = ({ routes }: { routes: readonly GuardedRoute[] }) => (
  <Routes>
    {renderGuardedRoutes(routes)}
    <Route path="*" element={<Navigate to="/" replace />} />
  </Routes>
);
