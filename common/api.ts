/** Shapes of the session calls (spec §7 "Session and start"), shared by server and web. */

export interface ErrorBody {
  response: 'error';
  message: string;
  errors?: Record<string, string>;
}

export interface LoginRequest {
  username: string;
  password: string;
}

export interface LoginResponse {
  token: string;
}

export interface Banner {
  color: string;
  message: string;
}

/** What GET /token/init answers: the signed-in user, never a password or hash. */
export interface SessionUser {
  _id: string;
  name: string;
  username: string;
  email: string;
  role: string | null;
  roleName: string | null;
  status: 'active' | 'inactive';
  permissions: string[];
  moduleWhitelist: string[];
  dashboardId: string | null;
  banner: Banner | null;
  customAttributes: Record<string, string>;
}

export interface ApplicationInfo {
  applicationName: string;
  companyLogoURL: string;
}

export interface ProfileUpdate {
  email: string;
  password?: string;
  /** Required with `password` (DESIGN §4, OWASP ASVS V2.1.6). */
  currentPassword?: string;
}

/** Config keys read by GET /init/applicationInfo. */
export const APPLICATION_INFO_KEYS = {
  applicationName: 'applicationName',
  companyLogoURL: 'companyLogoURL',
} as const;

export const DEFAULT_APPLICATION_NAME = 'FacilityOps';
