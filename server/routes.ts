import type { FastifyInstance } from 'fastify';
import { sessionRoutes } from './modules/session/session.routes';
import { appInfoRoutes } from './modules/appInfo/appInfo.routes';
import { userRoutes } from './modules/users/user.routes';
import { userAdministrationRoutes } from './modules/users/user.administration.routes';
import { docsRoutes } from './modules/docs/docs.routes';
import { crudRoutes } from './resources/registry';
import { masterdataRoutes } from './modules/masterdata/masterdata.routes';
import { alertLevelRoutes } from './modules/alertLevels/alertLevel.routes';
import { inspectionRoutes } from './modules/inspections/inspection.routes';
import { alertRoutes } from './modules/alerts/alert.routes';
import { assetInspectionRoutes } from './modules/assets/assetInspection.routes';
import { fileRoutes } from './modules/files/file.routes';
import { reportRoutes } from './modules/reports/report.routes';
import { scriptRunRoutes } from './modules/scripts/scriptRun.routes';
import { jobRoutes } from './modules/jobs/job.routes';
import { tableRoutes } from './modules/tables/table.routes';
import { widgetDataRoutes } from './modules/widgets/widgetData.routes';
import { thermographyNoteRoutes } from './modules/thermography/thermographyNote.routes';
import { thermographyRoutes } from './modules/thermography/thermography.routes';
import { inspectionScheduleRoutes } from './modules/inspectionSchedules/inspectionSchedule.routes';
import { calendarRoutes } from './modules/calendar/calendar.routes';
import { workOrderRoutes } from './modules/workOrders/workOrder.routes';

/** Every /api module, in one list; each declares its routes' access next to their definitions. */
export async function apiRoutes(app: FastifyInstance) {
  await app.register(appInfoRoutes);
  await app.register(sessionRoutes);
  await app.register(userRoutes);
  await app.register(userAdministrationRoutes);
  await app.register(crudRoutes);
  await app.register(masterdataRoutes);
  await app.register(alertLevelRoutes);
  await app.register(assetInspectionRoutes);
  await app.register(inspectionRoutes);
  await app.register(alertRoutes);
  await app.register(fileRoutes);
  await app.register(reportRoutes);
  await app.register(scriptRunRoutes);
  await app.register(jobRoutes);
  await app.register(tableRoutes);
  await app.register(widgetDataRoutes);
  await app.register(thermographyNoteRoutes);
  await app.register(thermographyRoutes);
  await app.register(inspectionScheduleRoutes);
  await app.register(calendarRoutes);
  await app.register(workOrderRoutes);
  await app.register(docsRoutes);
}
