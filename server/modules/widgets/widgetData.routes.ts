import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../auth/authPlugin';
import { scripts, widgets } from '../../db/schema';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { errorSchema } from '../../http/schemas';
import { scriptFailure } from '../../sandbox/scriptHttp';
import { checkWidgetData } from '../../../common/dashboards/widgetData';
import { WIDGET_KPI_OPTION, type WidgetType } from '../../../common/resources/widget';
import { kpiWidgetData } from '../kpis/kpiWidget';
import { widgetScriptInput, type WidgetQuery } from './widgetInput';

const invalidData = (type: string, problem: string) => {
  const message = `The widget script returned invalid data for a ${type} widget: ${problem}`;
  return new HttpError(422, message, { script: message });
};

/**
 * GET /widget/{id}?filters (spec §7): the dashboard's data call. Runs the widget's script as the
 * caller with the filter values as `input` and answers the widget with its `data` in the form of
 * its type, and `dependsOn`, the entities the script read — the dashboard reloads the widget when a
 * push says one of them changed. A failing script answers its error (422/429/503/504) for that widget
 * alone; the record itself is /widget/id/{id}.
 */
export async function widgetDataRoutes(app: FastifyInstance) {
  app.get<{ Params: { id: string }; Querystring: WidgetQuery }>(
    '/widget/:id',
    {
      config: { access: { permission: 'read-dashboard' } },
      schema: {
        tags: ['widget'],
        summary: "Run the widget's script with the filter values (a date range as start|end) and answer the widget with its data",
        params: { type: 'object', properties: { id: { type: 'string', minLength: 1, maxLength: 64 } }, required: ['id'] },
        querystring: { type: 'object', additionalProperties: true },
        response: { 400: errorSchema, 404: errorSchema, 422: errorSchema, 429: errorSchema, 503: errorSchema, 504: errorSchema },
      },
    },
    async (request) => {
      const db = app.services.db;
      // The widget and its script's code in one round trip: every dashboard reload asks this.
      const [found] = await db
        .select({ widget: widgets, code: scripts.code })
        .from(widgets)
        .leftJoin(scripts, eq(scripts._id, widgets.script))
        .where(eq(widgets._id, request.params.id));
      if (!found) throw notFound('Widget not found');
      const { widget, code } = found;
      const input = widgetScriptInput(request.query);
      const answer = (data: unknown, dependsOn: readonly string[]) => ({
        _id: widget._id,
        name: widget.name,
        type: widget.type,
        script: widget.script,
        options: widget.options,
        navigation: widget.navigation ?? null,
        data,
        dependsOn,
      });
      if (widget.type === 'kpi') {
        const { data, dependsOn } = await kpiWidgetData(app, widget.name, widget.options[WIDGET_KPI_OPTION], input, currentUser(request));
        return answer(data, dependsOn);
      }
      if (code === null) throw badRequest('script', `Widget "${widget.name}" has no script to build its data`);

      const result = await app.services.scripts.run({ code, kind: 'widget', input, user: currentUser(request) });
      if (!result.ok) throw scriptFailure(result.error);
      const checked = checkWidgetData(widget.type as WidgetType, result.value);
      if (!checked.ok) throw invalidData(widget.type, checked.problem);
      return answer(checked.data, result.reads ?? []);
    },
  );
}
