import { describe, expect, it } from 'vitest';
import { appRoutes } from '../../../../src/platform/routes/appRoutes';
import { mayOpen } from '../../../../src/platform/routes/routeAccess';

/** Spec §2.1's route table: the permissions each path needs, written out by hand. */
const technician = ['view-technician'];
const engineer = ['view-engineer', 'nav-home'];
const userManager = [...engineer, 'manage-user'];
const workOrderManager = [...engineer, 'manage-workorder'];
const onsite = ['view-onsite'];

describe('mayOpen: the route tables decide whether an account may open a path (spec §2.1)', () => {
  it.each([
    [technician, '/inspection', true],
    [technician, '/inspection/scanner', true],
    [technician, '/inspection/asset/identification/FEX-001', true],
    [technician, '/home', false],
    [technician, '/home/userManagement', false],
    [engineer, '/home', true],
    [engineer, '/home/alert/table/t1?dateRange=1%7C2', true],
    [engineer, '/home/userManagement', false],
    [engineer, '/home/roleManagement', false],
    [userManager, '/home/userManagement?search=dana', true],
    [engineer, '/home/workOrder', false],
    [workOrderManager, '/home/workOrder', true],
    [engineer, '/onsite', false],
    [onsite, '/onsite', true],
    [onsite, '/inspection', false],
  ])('%j may open %s: %s', async (permissions, path, expected) => {
    expect(await mayOpen(permissions, path, appRoutes)).toBe(expected);
  });

  it('lets any account open paths that fall back home: /, and paths no route matches', async () => {
    expect(await mayOpen([], '/', appRoutes)).toBe(true);
    expect(await mayOpen(technician, '/no/such/page', appRoutes)).toBe(true);
    expect(await mayOpen(engineer, '/home/not-a-screen', appRoutes)).toBe(true);
  });
});
