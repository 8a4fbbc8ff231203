import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

/**
 * Labelled facts at the top of a detail view (checklist, inspected by, time …), wrapping on a phone.
 * A value may be an element (a work order's priority chip); a long one wraps rather than widening the page.
 */
export function DetailFacts({ facts }: { facts: readonly { label: string; value: ReactNode }[] }) {
  return (
    <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 4, rowGap: 1, m: 0 }}>
      {facts.map((fact) => (
        <Box key={fact.label} sx={{ minWidth: 0 }}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {fact.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {fact.value || '—'}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
