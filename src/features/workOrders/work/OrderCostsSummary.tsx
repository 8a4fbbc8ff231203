import { Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { OrderCosts } from '../../../../common/resources/workAccounting';
import { DetailFacts } from '../../../shared/ui/DetailFacts';
import { formatHours, formatMoney } from './workFormat';

/**
 * What the order cost (DESIGN §18), as the server counted it: finished labour's hours and cost,
 * the parts' cost, the total — and how many entries had no hourly rate (their hours count, their
 * cost cannot: the total is short of it, and the user should know).
 */
export function OrderCostsSummary({ costs }: { costs: OrderCosts }) {
  const translate = useTranslate();
  return (
    <Stack spacing={1}>
      <DetailFacts
        facts={[
          { label: translate('app.work_order_screen.labour_hours'), value: formatHours(costs.labourHours) },
          { label: translate('app.work_order_screen.labour_cost'), value: formatMoney(costs.labourCost) },
          { label: translate('app.work_order_screen.parts_cost'), value: formatMoney(costs.partsCost) },
          { label: translate('app.work_order_screen.total_cost'), value: <strong>{formatMoney(costs.total)}</strong> },
        ]}
      />
      {costs.unratedEntries > 0 && (
        <Typography variant="body2" color="warning.main">
          {translate('app.work_order_screen.unrated_entries', { smart_count: costs.unratedEntries })}
        </Typography>
      )}
    </Stack>
  );
}
