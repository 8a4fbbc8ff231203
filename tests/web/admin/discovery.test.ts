import { describe, expect, it } from 'vitest';
import { administrationResources } from '../../../src/admin';

/** Spec §2.1's route table, by hand: route and title of each administration screen, in its order. */
const specRoutes = [
  ['userManagement', 'User management'],
  ['configManagement', 'Configuration management'],
  ['scriptManagement', 'Script management'],
  ['checklistManagement', 'Checklist management'],
  ['permissionManagement', 'Permission management'],
  ['roleManagement', 'Role management'],
  ['tableManagement', 'Table management'],
  ['reportManagement', 'Report management'],
  ['widgetManagement', 'Widget management'],
  ['dashbordManagement', 'Dashboard management'],
  ['jobManagement', 'Job management'],
  ['attributeManagement', 'Attribute management'],
  ['assetManagement', 'Asset management'],
];

describe('administration screens are discovered from src/admin/*/index.ts', () => {
  it("lists the spec's screens first, in spec §2.1's order, and every screen once", async () => {
    const { i18nProvider } = await import('../../../src/platform/i18n');
    const listed = administrationResources.map((definition) => [definition.route, i18nProvider.translate(definition.title)]);
    expect(listed.slice(0, specRoutes.length)).toEqual(specRoutes);
    expect(new Set(administrationResources.map((definition) => definition.name)).size).toBe(administrationResources.length);
  });
});
