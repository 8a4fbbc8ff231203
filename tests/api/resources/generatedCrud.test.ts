import { jobResource } from '../../../server/modules/jobs/job.resource';
import { permissionResource } from '../../../server/modules/permissions/permission.resource';
import { describeCrudResource } from '../../helpers/describeCrudResource';

// The generated suite on existing declarations: bodies and refusals from spec §3/§5 and DESIGN §3.
describeCrudResource(permissionResource, {
  body: { name: 'export-reports' },
  change: {},
  invalid: { body: {}, field: 'name' },
});

describeCrudResource(jobResource, {
  body: { name: 'Nightly export', cronExpression: '0 2 * * *', active: false, script: null },
  change: { cronExpression: '30 2 * * *' },
  invalid: { body: { name: 'No schedule' }, field: 'cronExpression' },
});
