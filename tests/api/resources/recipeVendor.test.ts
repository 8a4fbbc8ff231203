import { readFileSync } from 'node:fs';
import { crudResources } from '../../../server/resources/registry';
import { vendorResource } from '../../fixtures/recipe/vendor.server';
import { describeCrudResource } from '../../helpers/describeCrudResource';

// The README recipe's Vendor registered into a test app with its generated migration: its API is
// the one every declared resource has (issue 22: name required and unique, email checked).
describeCrudResource(
  vendorResource,
  {
    body: { name: 'Acme Pumps', phone: '+41 44 000 00 00', email: 'orders@acme.example', notes: 'Net 30', active: true },
    change: { phone: '+41 44 000 00 01', active: false },
    invalid: { body: { name: 'Bad Mail Ltd', email: 'not an address' }, field: 'email' },
  },
  { resources: [...crudResources, vendorResource], migrations: [readFileSync(new URL('../../fixtures/recipe/0013_vendor.sql', import.meta.url), 'utf8')] },
);
