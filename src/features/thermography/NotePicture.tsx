import { useState } from 'react';
import { Box } from '@mui/material';
import { useFileUrl } from '../../shared/ui/useFileUrl';

/** A stored picture shown whole in its box (a thermal image, or the original real image). */
export function NotePicture({ fileId, alt }: { fileId: string; alt: string }) {
  const url = useFileUrl(fileId);
  const [loaded, setLoaded] = useState<string | null>(null);
  if (!url) return <Box sx={{ aspectRatio: '4 / 3', bgcolor: 'action.hover', borderRadius: 1 }} />;
  return (
    <Box
      component="img"
      src={url}
      alt={alt}
      onLoad={() => setLoaded(url)}
      data-drawn={loaded === url ? 'true' : undefined}
      sx={{ width: '100%', height: 'auto', display: 'block', borderRadius: 1 }}
    />
  );
}
