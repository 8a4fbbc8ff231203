import { Navigate } from 'react-router-dom';

/** Any path not in the route table falls back to the home screen (spec §2.1). */
export const RedirectToHome = () => <Navigate to="/" replace />;
