import { useId, useState, type ReactNode } from 'react';
import { Box, List, ListItem, Stack, Typography } from '@mui/material';
import { visuallyHidden } from '../../../shared/ui/visuallyHidden';
import { useTranslate } from 'react-admin';
import type { WorkOrderActivity } from '../../../../common/resources/workOrder';
import { formatTimestamp } from '../../../../common/formatTime';
import { ImageThumbnailButton, ImageViewerDialog, type ViewerImage } from '../../../shared/ui/ImageViewer';
import { newestFirst } from './activityOrder';

/** An entry's photos as thumbnails, each opening the viewer on the entry's photos. */
function ActivityPhotos({ entry }: { entry: WorkOrderActivity }) {
  const translate = useTranslate();
  const [open, setOpen] = useState<number | null>(null);
  const images: ViewerImage[] = (entry.photos ?? []).map((fileId, index) => ({
    fileId,
    caption: translate('app.work_order.activity_photo', { n: index + 1, time: formatTimestamp(entry.createdAt), user: entry.userName }),
  }));
  if (images.length === 0) return null;
  return (
    <>
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', mt: 1 }}>
        {images.map((image, index) => (
          <ImageThumbnailButton key={image.fileId} image={image} onOpen={() => setOpen(index)} />
        ))}
      </Stack>
      {open !== null && <ImageViewerDialog images={images} start={open} onClose={() => setOpen(null)} />}
    </>
  );
}

/**
 * The Activity Log (spec §2.3): newest first, each entry with its time (YYYY/MM/DD hh:mm A), who
 * recorded it, the comment and its photos (each opens the viewer). The server's own entries for
 * status changes are set apart in italics: they are the order's history, not someone's words.
 * `children` go between the heading and the entries (the engineer's dialog puts 'Record activity'
 * there); `headingShown` false keeps the heading for assistive technology only (a tab above names
 * it already).
 */
export function ActivityLog({ activity, children, headingShown = true }: { activity: readonly WorkOrderActivity[]; children?: ReactNode; headingShown?: boolean }) {
  const translate = useTranslate();
  const titleId = useId();
  const entries = newestFirst(activity);
  return (
    <Box component="section" aria-labelledby={titleId}>
      {/* Under a tab of the same name (the engineer's dialog) the heading still names the section, unseen. */}
      <Typography id={titleId} variant="h6" component="h2" gutterBottom sx={headingShown ? undefined : visuallyHidden}>
        {translate('app.work_order.activity_log')}
      </Typography>
      {children}
      {entries.length === 0 ? (
        <Typography color="text.secondary">{translate('app.work_order.no_activity')}</Typography>
      ) : (
        <List component="ol" disablePadding aria-labelledby={titleId}>
          {entries.map((entry, index) => (
            <ListItem key={entry._id} divider={index < entries.length - 1} disableGutters sx={{ display: 'block', py: 1.25 }}>
              <Typography variant="caption" color="text.secondary" component="p" sx={{ m: 0 }}>
                {translate('app.work_order.activity_by', { time: formatTimestamp(entry.createdAt), user: entry.userName })}
              </Typography>
              <Typography
                component="p"
                sx={{ m: 0, whiteSpace: 'pre-wrap', fontStyle: entry.statusChange ? 'italic' : undefined }}
              >
                {entry.comment}
              </Typography>
              <ActivityPhotos entry={entry} />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
