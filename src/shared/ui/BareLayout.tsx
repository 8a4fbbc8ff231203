import type { ReactNode } from 'react';

/**
 * Admin's layout slot. Every area brings its own shell (routes with noLayout), so the only thing
 * that reaches react-admin's layout route is the unknown-path fallback, which needs no frame.
 */
export const BareLayout = ({ children }: { children: ReactNode }) => <>{children}</>;
