import { useEffect } from 'react';
import { Alert, Box, List, ListItem, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { apiQuery } from '../../platform/dataProvider/apiQuery';
import { useApiQuery } from '../../platform/dataProvider/useApiQuery';
import { errorMessageOf } from '../../shared/ui/errorMessageOf';
import { cssColorOrNone } from '../../../common/cssColor';
import { formatTimestamp } from '../../../common/formatTime';
import { SafeHtml } from '../../shared/ui/SafeHtml';
import { useLiveVersions } from '../dashboards/useLiveVersions';

/** The fields of GET /alert?open=true this list shows. */
interface OpenAlert {
  _id: string;
  assetName: string | null;
  levelName: string | null;
  severityLevel: { text?: string; color?: string } | null;
  message: string;
  timestamp: number;
}

/** How many open alerts the board lists; the newest come first. */
export const OPEN_ALERTS_SHOWN = 30;

const OPEN_NEWEST = { open: 'true', range: JSON.stringify([0, OPEN_ALERTS_SHOWN - 1]) };

/** GET /alert?open=true, the newest OPEN_ALERTS_SHOWN. */
export const openAlertsQuery = () => apiQuery<OpenAlert[]>('/alert', { query: OPEN_NEWEST });

/**
 * The site's open alerts on the wall board (DESIGN §9), newest first, in large type. Reloads when
 * a push says alerts changed (raised or resolved); the list on screen stays while it reloads.
 */
export function OpenAlertsPanel() {
  const translate = useTranslate();
  const versions = useLiveVersions();
  const { data: alerts, error: failure, refetch } = useApiQuery(openAlertsQuery());
  const error = failure ? errorMessageOf(failure, translate) : null;
  const alertVersion = versions.alert ?? 0;

  // The versions count the pushes since this panel mounted: each one asks again.
  useEffect(() => {
    if (alertVersion > 0) refetch();
  }, [alertVersion, refetch]);

  return (
    <Box component="aside" aria-label={translate('app.onsite.open_alerts')} sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}>
      <Typography variant="h4" component="h2" sx={{ mb: 1 }}>
        {translate('app.onsite.open_alerts')}
      </Typography>
      {error && <Alert severity="error">{translate('app.onsite.open_alerts_failed', { message: error })}</Alert>}
      {alerts && alerts.length === 0 && (
        <Typography variant="h6" color="success.main">
          {translate('app.onsite.no_open_alerts')}
        </Typography>
      )}
      <List disablePadding sx={{ overflow: 'auto' }}>
        {(alerts ?? []).map((alert) => {
          const color = cssColorOrNone(alert.severityLevel?.color) ?? 'warning.main';
          return (
            <ListItem key={alert._id} disableGutters sx={{ display: 'block', borderLeft: 6, borderColor: color, pl: 1.5, mb: 1.5, py: 0.5 }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'baseline' }}>
                <Typography variant="h6" component="span" sx={{ fontWeight: 600 }}>
                  {alert.assetName ?? ''}
                </Typography>
                {/* The level's own colour marks the bar; as text colour it was unreadable on the dark board (contrast). */}
                <Typography variant="body1" component="span" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {alert.levelName ?? alert.severityLevel?.text ?? ''}
                </Typography>
              </Box>
              <SafeHtml html={alert.message} sx={{ typography: 'body1', '& p': { m: 0 } }} />
              <Typography variant="body2" color="text.secondary">
                {formatTimestamp(alert.timestamp)}
              </Typography>
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
}
