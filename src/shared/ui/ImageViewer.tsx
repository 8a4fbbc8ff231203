import { useState } from 'react';
import { Box, Button, ButtonBase, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFileUrl } from './useFileUrl';
import { FileThumbnail } from './FileThumbnail';

export interface ViewerImage {
  fileId: string;
  caption: string;
}

function LargeImage({ image }: { image: ViewerImage }) {
  const url = useFileUrl(image.fileId);
  if (!url) return <Box sx={{ height: 240 }} />;
  return <Box component="img" src={url} alt={image.caption} sx={{ maxWidth: '100%', maxHeight: '70vh', display: 'block', mx: 'auto' }} />;
}

/** The images of a detail (spec §2.5 "images in a viewer"): one large at a time, stepping through all of them. */
export function ImageViewerDialog({ images, start, onClose }: { images: readonly ViewerImage[]; start: number; onClose: () => void }) {
  const translate = useTranslate();
  const [index, setIndex] = useState(start);
  const image = images[index];
  if (!image) return null;
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth>
      <DialogTitle>{image.caption}</DialogTitle>
      <DialogContent>
        <LargeImage image={image} />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1, textAlign: 'center' }}>
          {translate('app.table.image_of', { n: index + 1, m: images.length })}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button disabled={index === 0} onClick={() => setIndex(index - 1)}>{translate('app.detail.previous_image')}</Button>
        <Button disabled={index === images.length - 1} onClick={() => setIndex(index + 1)}>{translate('app.detail.next_image')}</Button>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** A thumbnail that opens the viewer on its image. */
export function ImageThumbnailButton({ image, onOpen }: { image: ViewerImage; onOpen: () => void }) {
  const translate = useTranslate();
  return (
    <ButtonBase onClick={onOpen} aria-label={translate('app.detail.open_image', { name: image.caption })} sx={{ borderRadius: 1 }}>
      <FileThumbnail fileId={image.fileId} alt={image.caption} size={64} />
    </ButtonBase>
  );
}
