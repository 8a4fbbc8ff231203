import { Link } from 'react-router-dom';
import { List, ListItem, ListItemButton, ListItemText, Paper, Typography } from '@mui/material';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { useTranslate } from 'react-admin';
import { apiQuery } from '../../platform/dataProvider/apiQuery';
import { useApiQuery } from '../../platform/dataProvider/useApiQuery';
import { formatTimestamp } from '../../../common/formatTime';
import { MY_RECENT_ASSETS_PATH } from '../../../common/firstAsks';
import { useTimeZone } from '../../shared/ui/timeZone';
import { assetInspectPath } from './assetInspectPath';

/** One row of GET /inspection/myRecentAssets (docs/inspections.md). */
export interface RecentAsset {
  _id: string;
  name: string;
  identification: string;
  lastInspectedAt: number;
}

/** GET /inspection/myRecentAssets, kept for offline use. */
export const myRecentAssetsQuery = () => apiQuery<RecentAsset[]>(MY_RECENT_ASSETS_PATH, { offline: true });

/**
 * The assets this technician inspected lately, latest first, each opening its inspect view: going
 * back to a pump without finding its label again. A failed call just leaves the list out — the
 * scanner still works.
 */
export const RecentAssets = () => {
  const translate = useTranslate();
  const timeZone = useTimeZone();
  const { data } = useApiQuery(myRecentAssetsQuery());

  if (data === undefined) return null;
  const assets = Array.isArray(data) ? data : [];
  const titleId = 'recently-inspected-title';
  return (
    <section aria-labelledby={titleId}>
      <Typography id={titleId} variant="h6" component="h2" gutterBottom>
        {translate('app.technician.recent_title')}
      </Typography>
      {assets.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('app.technician.recent_empty')}
        </Typography>
      ) : (
        <Paper variant="outlined">
          <List disablePadding>
            {assets.map((asset, index) => (
              // A ul holds li elements only (axe 'list'): the row's link sits inside its list item.
              <ListItem key={asset._id} disablePadding divider={index < assets.length - 1}>
                <ListItemButton component={Link} to={assetInspectPath(asset.identification)} sx={{ minHeight: 64 }}>
                  {/* Wrapped, not cut: the end of a long name may be what tells two assets apart. */}
                  <ListItemText primary={asset.name} secondary={`${asset.identification} · ${formatTimestamp(asset.lastInspectedAt, timeZone)}`} />
                  <ChevronRightIcon color="action" />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
    </section>
  );
};
