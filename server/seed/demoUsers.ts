import { ROLE_NAMES, type RoleName } from '../../common/permissions';

export interface DemoUser {
  username: string;
  name: string;
  email: string;
  role: RoleName;
  banner?: { color: string; message: string };
}

/** DESIGN §10: one demo user per role, all with DEMO_PASSWORD. */
export const DEMO_USERS: readonly DemoUser[] = [
  { username: 'admin', name: 'Ada Admin', email: 'admin@facilityops.example', role: ROLE_NAMES.superuser },
  {
    username: 'engineer',
    name: 'Eric Engineer',
    email: 'engineer@facilityops.example',
    role: ROLE_NAMES.engineer,
    banner: { color: '#0d47a1', message: '<b>Planned shutdown:</b> Chiller 2 is offline on Friday from 06:00 to 10:00.' },
  },
  { username: 'technician', name: 'Tom Technician', email: 'technician@facilityops.example', role: ROLE_NAMES.technician },
  { username: 'thermo.tech', name: 'Tara Thermography', email: 'thermo.tech@facilityops.example', role: ROLE_NAMES.thermographyTechnician },
  { username: 'thermo.engineer', name: 'Theo Thermography', email: 'thermo.engineer@facilityops.example', role: ROLE_NAMES.thermographyEngineer },
  { username: 'thermo.manager', name: 'Mia Manager', email: 'thermo.manager@facilityops.example', role: ROLE_NAMES.thermographyEngineerManager },
  { username: 'onsite', name: 'Olga Onsite', email: 'onsite@facilityops.example', role: ROLE_NAMES.onsite },
];

export const DEMO_CONFIG_ENTRIES = [
  { key: 'applicationName', description: 'Name shown in the bars and the browser tab', value: 'FacilityOps' },
  { key: 'companyLogoURL', description: 'Address of the company logo shown next to the name', value: '/logo.svg' },
] as const;
