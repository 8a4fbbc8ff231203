import { Suspense, type ReactNode } from 'react';
import { Alert, Box, ButtonBase, Paper, Skeleton, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { cssColorOrNone } from '../../../common/cssColor';
import { WIDGET_COLOR_OPTION, type WidgetType } from '../../../common/resources/widget';
import type { QueryValue } from '../../platform/dataProvider/apiBase';
import { lazyWithTimeout } from '../../shared/ui/lazyWithTimeout';
import type { EntityVersions } from './liveReload';
import { useWidgetData, type LoadedWidget } from './useWidgetData';
import { chartPick, rowPick } from './widgetNavigation';
import { HtmlWidget } from './widgets/HtmlWidget';
import { ProgressWidget } from './widgets/ProgressWidget';
import { StringWidget } from './widgets/StringWidget';
import { TableWidget } from './widgets/TableWidget';
import { KpiWidget } from './widgets/KpiWidget';
import { STACKED_BELOW, WIDGET_BODY_CONTAINER } from './widgets/widgetSizes';
import type {
  ChartWidgetData,
  HtmlWidgetData,
  ProgressWidgetData,
  StringWidgetData,
  TableWidgetData,
  TrendWidgetData,
  KpiWidgetData,
} from '../../../common/dashboards/widgetData';

// chart.js is only downloaded by dashboards that have a chart.
const loadChartWidget = () => import('./widgets/ChartWidget');
const ChartWidget = lazyWithTimeout('ChartWidget', () => loadChartWidget().then((module) => module.ChartWidget));

// A measurement point's trend draws with chart.js too, in the asset detail's chart (issue 44 §5).
const TrendWidget = lazyWithTimeout('TrendWidget', () => import('./widgets/TrendWidget').then((module) => module.TrendWidget));

/** Fetches the chart code ahead of the first chart's data (errors surface when a chart renders). */
export const preloadChartWidget = () => loadChartWidget().catch(() => undefined);

export interface WidgetItemProps {
  widgetId: string;
  height: number;
  query: Record<string, QueryValue>;
  versions: EntityVersions;
  /** All the filters the widget receives have initialised (spec §4). */
  ready: boolean;
  /** Opens the widget's table with what was clicked; absent where tables cannot be opened (on-site, technician). */
  onNavigate?: (widget: LoadedWidget, picked: Record<string, string> | null) => void;
  large?: boolean;
  /** The name's heading level: h3 under a titled section (h2), h2 where the section has no title (axe heading-order). */
  headingLevel?: 'h2' | 'h3';
}

const TITLE_SX = {
  fontWeight: 500,
  mb: 0.5,
  minHeight: '1.5em',
  lineHeight: 1.3,
  display: '-webkit-box',
  WebkitBoxOrient: 'vertical',
  WebkitLineClamp: 2,
  overflow: 'hidden',
  flexShrink: 0,
} as const;

/**
 * Widgets whose content flows (HTML, a table's rows): on a phone they are as tall as that content
 * (STACKED_BELOW). The others — a number, a progress circle, a chart — are drawn to their item's
 * size (spec §9) and keep it everywhere.
 */
const FLOWING_TYPES: ReadonlySet<WidgetType> = new Set(['html', 'table']);

/** The colour option, when it is a CSS colour (DESIGN §7; records older than the check may hold anything). */
function colorOf(widget: LoadedWidget): string | undefined {
  return cssColorOrNone(widget.options?.[WIDGET_COLOR_OPTION]);
}

function WidgetBody({ widget, onNavigate }: { widget: LoadedWidget; onNavigate?: WidgetItemProps['onNavigate'] }) {
  const color = colorOf(widget);
  const navigable = Boolean(onNavigate && widget.navigation);
  const open = (picked: Record<string, string> | null) => onNavigate?.(widget, picked);
  const whole = (content: ReactNode) =>
    navigable ? (
      <ButtonBase onClick={() => open(null)} sx={{ width: '100%', height: '100%', borderRadius: 1 }} aria-label={widget.name}>
        {content}
      </ButtonBase>
    ) : (
      content
    );
  switch (widget.type) {
    case 'string':
      return whole(<StringWidget data={widget.data as StringWidgetData} color={color} />);
    case 'progress':
      return whole(<ProgressWidget data={widget.data as ProgressWidgetData} color={color} />);
    case 'html':
      return <HtmlWidget html={widget.data as HtmlWidgetData} />;
    case 'table': {
      const data = widget.data as TableWidgetData;
      return <TableWidget data={data} onRowClick={navigable ? (row) => open(rowPick(row, data.fields[0]?.dataField)) : undefined} />;
    }
    case 'chart': {
      const data = widget.data as ChartWidgetData;
      return (
        <ChartWidget data={data} color={color} onPick={navigable ? (index) => open(chartPick(data.navigation, data.chartData.labels, index)) : undefined} />
      );
    }
    case 'trend':
      return <TrendWidget data={widget.data as TrendWidgetData} />;
    case 'kpi':
      // Its rows are its navigation: wherever tables can be opened, the figure opens them.
      return <KpiWidget data={widget.data as KpiWidgetData} color={color} linked={onNavigate !== undefined} />;
    default:
      return null;
  }
}

/**
 * One dashboard item (spec §3 items: widget, width, height): the widget's name and what its type
 * draws, sized by the item. It loads once its filters are ready, reloads on their change and on
 * pushes about what it read; a failing script shows its message here and nowhere else.
 */
export function WidgetItem({ widgetId, height, query, versions, ready, onNavigate, large = false, headingLevel = 'h3' }: WidgetItemProps) {
  const translate = useTranslate();
  const { widget, error, loading } = useWidgetData(widgetId, query, versions, ready);
  // A failure's message flows too. Until the widget is known, its placeholder holds the item's height.
  const flows = error !== null || (widget !== null && FLOWING_TYPES.has(widget.type));
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={widget?.name ?? translate('app.dashboard.widget')}
      aria-busy={loading}
      data-widget-id={widgetId}
      sx={{ height: flows ? { xs: 'auto', [STACKED_BELOW]: height } : height, display: 'flex', flexDirection: 'column', p: large ? 2 : 1.5, minWidth: 0, overflow: 'hidden' }}
    >
      {/* A long name wraps to a second line rather than losing its end in a narrow item; past two lines it is cut, whole in the tooltip. */}
      <Typography variant={large ? 'h5' : 'subtitle1'} component={headingLevel} title={widget?.name} sx={TITLE_SX}>
        {widget?.name ?? (error ? '' : <Skeleton width="50%" />)}
      </Typography>
      {/* A size container takes no height from its content: a body that flows is none where it is as tall as its content. */}
      <Box sx={{ flex: 1, minHeight: 0, position: 'relative', ...(flows ? { containerType: { xs: 'normal', [STACKED_BELOW]: WIDGET_BODY_CONTAINER.containerType } } : WIDGET_BODY_CONTAINER) }}>
        {error ? (
          <Alert severity="error" variant="outlined" sx={{ maxHeight: '100%', overflow: 'auto' }}>
            {translate('app.dashboard.widget_failed', { message: error })}
          </Alert>
        ) : widget ? (
          <Suspense fallback={<Skeleton variant="rounded" height="100%" />}>
            <WidgetBody widget={widget} onNavigate={onNavigate} />
          </Suspense>
        ) : (
          <Skeleton variant="rounded" height="100%" />
        )}
      </Box>
    </Paper>
  );
}
