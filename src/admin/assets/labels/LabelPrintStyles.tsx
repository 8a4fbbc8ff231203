import { GlobalStyles } from '@mui/material';
import { pageSize, type LabelLayout } from './labelLayout';

/**
 * While the labels page is open, printing shows only the label pages: the app bar, drawer,
 * banner and the page's own controls are hidden, the layout's offsets removed, and each label
 * page fills one printed page with no printer-added margin (the sheet carries its own margins).
 */
export function LabelPrintStyles({ layout }: { layout: LabelLayout }) {
  return (
    <GlobalStyles
      styles={{
        '@page': { size: pageSize(layout), margin: 0 },
        '@media print': {
          'html, body': { background: '#fff !important', margin: '0 !important', padding: '0 !important' },
          '.MuiAppBar-root, .MuiDrawer-root, .skip-nav-button, [data-testid="session-banner"], .no-print': {
            display: 'none !important',
          },
          '.layout, .RaLayout-appFrame, .RaLayout-contentWithSidebar, .RaLayout-content, .qr-labels-screen, .qr-label-pages': {
            display: 'block !important',
            margin: '0 !important',
            padding: '0 !important',
            minHeight: '0 !important',
            minWidth: '0 !important',
            background: 'none !important',
            overflow: 'visible !important',
            boxShadow: 'none !important',
          },
          '.qr-label-page': {
            boxShadow: 'none !important',
            margin: '0 !important',
            breakAfter: 'page',
            breakInside: 'avoid',
            printColorAdjust: 'exact',
          },
          '.qr-label-page:last-of-type': { breakAfter: 'auto' },
          '.qr-label': { outline: 'none !important' },
        },
      }}
    />
  );
}
