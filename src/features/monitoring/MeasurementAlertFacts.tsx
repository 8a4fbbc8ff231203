import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatTimestamp } from '../../../common/formatTime';
import { withUnit, type PointAlertView } from '../../../common/monitoring/pointAlertView';
import { DetailFacts } from '../../shared/ui/DetailFacts';

/**
 * A measurement point's alert explained (DESIGN §17): the rule that fired it, how often it fired,
 * its last and worst values, whether it has cleared, and the firings and clears with the readings
 * that made each firing.
 */
export function MeasurementAlertFacts({ alert }: { alert: PointAlertView }) {
  const translate = useTranslate();
  const { unit, explanation } = alert;
  const rule = explanation?.rule;
  const ruleText = rule
    ? translate(rule.direction === 'above' ? 'app.monitoring.rule_above' : 'app.monitoring.rule_below', {
        level: translate(`app.monitoring.level.${rule.level}`),
        threshold: withUnit(rule.threshold, unit),
        deadband: withUnit(rule.deadband, unit),
        seconds: rule.minDurationMs / 1000,
      })
    : '';
  return (
    <Box component="section" aria-label={translate('app.monitoring.alert_title')}>
      <DetailFacts
        facts={[
          { label: translate('app.monitoring.point'), value: alert.pointName },
          { label: translate('app.monitoring.rule'), value: ruleText },
          { label: translate('app.monitoring.repeats'), value: String(alert.repeats) },
          { label: translate('app.monitoring.last'), value: alert.lastAt === null ? '' : `${withUnit(alert.lastValue, unit)} · ${formatTimestamp(alert.lastAt)}` },
          { label: translate('app.monitoring.worst'), value: alert.worstAt === null ? '' : `${withUnit(alert.worstValue, unit)} · ${formatTimestamp(alert.worstAt)}` },
          { label: translate('app.monitoring.state'), value: alert.clearedAt === null ? translate('app.monitoring.in_alarm') : translate('app.monitoring.cleared_at', { time: formatTimestamp(alert.clearedAt) }) },
        ]}
      />
      {explanation && explanation.history.length > 0 && (
        <>
          <Typography variant="subtitle2" sx={{ mt: 2, mb: 1 }}>
            {translate('app.monitoring.history')}
          </Typography>
          <Table size="small" aria-label={translate('app.monitoring.history')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.detail.time')}</TableCell>
                <TableCell>{translate('app.monitoring.event')}</TableCell>
                <TableCell align="right">{translate('app.detail.value')}</TableCell>
                <TableCell>{translate('app.monitoring.readings')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {explanation.history.map((entry) => (
                <TableRow key={`${entry.type}-${entry.ts}`}>
                  <TableCell>{formatTimestamp(entry.ts)}</TableCell>
                  <TableCell>{translate(entry.type === 'fired' ? 'app.monitoring.fired' : 'app.monitoring.rearmed')}</TableCell>
                  <TableCell align="right">{withUnit(entry.value, unit)}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-word' }}>
                    {entry.type === 'fired'
                      ? translate('app.monitoring.run', {
                          smart_count: entry.runLength,
                          values: entry.run.map((reading) => withUnit(reading.value, '')).join(', ') + (entry.runLength > entry.run.length ? ', …' : ''),
                          since: formatTimestamp(entry.run[0]?.ts ?? entry.ts),
                        })
                      : ''}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </Box>
  );
}
