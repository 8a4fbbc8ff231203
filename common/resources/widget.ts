import * as yup from 'yup';
import { colourProblem, isCssColor } from '../cssColor';
import { idString, strictObject } from './schemaParts';
import type { TableType } from './table';
import { field } from '../fields';
import type { NamedValue } from '../fields/namedValues';
import { isKpiName, KPI_NAMES } from '../kpis/kpiDefinitions';

/**
 * Spec §9: what a widget draws; `trend`, a measurement point's trend as query.trend answers it
 * (issue 44 §5); `kpi`, a maintenance KPI the server computes (option `kpi`, docs/kpis.md).
 */
export const WIDGET_TYPES = ['string', 'progress', 'table', 'html', 'chart', 'trend', 'kpi'] as const;

/** The option naming a kpi widget's KPI (common/kpis/kpiDefinitions.ts KPI_NAMES). */
export const WIDGET_KPI_OPTION = 'kpi';
export type WidgetType = (typeof WIDGET_TYPES)[number];

/** Spec §3: the table screens a widget can open. */
export const WIDGET_NAVIGATION_TYPES = ['asset', 'alert', 'inspection', 'thermography', 'checklist'] as const;
export type WidgetNavigationType = (typeof WIDGET_NAVIGATION_TYPES)[number];

/** The table type whose tables each navigation type opens (thermography notes live in 'thermography' tables). */
export const NAVIGATION_TABLE_TYPES: Record<WidgetNavigationType, TableType> = {
  asset: 'asset',
  alert: 'alert',
  inspection: 'inspection',
  thermography: 'thermography',
  checklist: 'checklist',
};

export interface WidgetNavigation {
  type: WidgetNavigationType;
  /** The table record (of that type) opened; none = the role's default table of the type. */
  table: string | null;
}

export type WidgetOptionValue = NamedValue;

/** Spec §3 Widget. `options` is a free map (colour among them); its names are unique by nature. */
export interface Widget {
  _id: string;
  name: string;
  type: WidgetType;
  script: string | null;
  options: Record<string, WidgetOptionValue>;
  navigation: WidgetNavigation | null;
}

/** Option names the widgets themselves read (docs/dashboards.md); others are free for scripts. */
export const WIDGET_COLOR_OPTION = 'color';

/** A free map (DESIGN §7: the colour option is drawn as CSS, so it is a CSS colour or blank for none). */
const optionsSchema = field.namedValues('Options', { item: 'option', typed: true }).test('colour-option', '', function check(value) {
  const colour = (value as Record<string, unknown> | undefined)?.[WIDGET_COLOR_OPTION];
  return colour === undefined || colour === '' || isCssColor(colour) || this.createError({ path: `options.${WIDGET_COLOR_OPTION}`, message: colourProblem(`options.${WIDGET_COLOR_OPTION}`) });
});

export const widgetSchema = strictObject({
  name: field.name(),
  type: field.choice('Type', WIDGET_TYPES, { initial: 'string' }),
  script: field.reference('Script', 'script'),
  options: optionsSchema.test('kpi-option', '', function check(value) {
    if (this.parent?.type !== 'kpi') return true;
    const kpi = (value as Record<string, unknown> | undefined)?.[WIDGET_KPI_OPTION];
    return isKpiName(kpi) || this.createError({ path: `options.${WIDGET_KPI_OPTION}`, message: `options.${WIDGET_KPI_OPTION}: a kpi widget names its KPI, one of ${KPI_NAMES.join(', ')}` });
  }),
  navigation: strictObject({
    type: yup.string().required().oneOf([...WIDGET_NAVIGATION_TYPES]),
    table: idString().nullable().default(null),
  })
    .nullable()
    .default(null),
});

