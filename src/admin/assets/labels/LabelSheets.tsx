import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { A4_SHEET, LABEL, pagesOf, type LabelLayout } from './labelLayout';
import type { AssetLabel } from './labelSelection';

const mm = (value: number) => `${value}mm`;

const sheetSx = {
  sheet: {
    width: mm(A4_SHEET.widthMm),
    height: mm(A4_SHEET.heightMm),
    padding: `${mm(A4_SHEET.marginTopMm)} ${mm(A4_SHEET.marginSideMm)}`,
    display: 'grid',
    gridTemplateColumns: `repeat(${A4_SHEET.columns}, ${mm(LABEL.widthMm)})`,
    gridTemplateRows: `repeat(${A4_SHEET.rows}, ${mm(LABEL.heightMm)})`,
    columnGap: mm(A4_SHEET.columnGapMm),
  },
  roll: { width: mm(LABEL.widthMm), height: mm(LABEL.heightMm), display: 'grid' },
} as const;

/**
 * The printed pages at their real size: white paper in the dark app, page breaks between them,
 * each label a QR code with the asset's name and identification under it.
 */
export function LabelSheets({ labels, codes, layout }: { labels: readonly AssetLabel[]; codes: ReadonlyMap<string, string>; layout: LabelLayout }) {
  const translate = useTranslate();
  return (
    <Box className="qr-label-pages" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 3, overflowX: 'auto', pb: 3 }}>
      {pagesOf(labels, layout).map((page, pageIndex) => (
        <Box
          key={pageIndex}
          className="qr-label-page"
          data-testid="qr-label-page"
          sx={{ ...sheetSx[layout], boxSizing: 'border-box', flex: 'none', bgcolor: '#fff', color: '#000', boxShadow: 6 }}
        >
          {page.map((label, index) => (
            <Box
              key={`${label.id}-${index}`}
              className="qr-label"
              data-testid="qr-label"
              sx={{
                // where the die-cut label is, on screen only (the print styles drop it)
                outline: '1px dashed #c8c8c8',
                outlineOffset: '-1px',
                width: mm(LABEL.widthMm),
                height: mm(LABEL.heightMm),
                boxSizing: 'border-box',
                p: mm(LABEL.paddingMm),
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                justifyContent: 'center',
                overflow: 'hidden',
                textAlign: 'center',
                fontFamily: 'Arial, Helvetica, sans-serif',
                lineHeight: 1.15,
              }}
            >
              <img
                src={codes.get(label.payload)}
                alt={translate('app.asset.labels.qr_alt', { payload: label.payload })}
                title={label.payload}
                data-payload={label.payload}
                style={{ width: mm(LABEL.qrMm), height: mm(LABEL.qrMm), display: 'block' }}
              />
              <Box sx={{ mt: '0.8mm', fontSize: '8.5pt', fontWeight: 700, maxWidth: '100%', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
                {label.name}
              </Box>
              <Box sx={{ fontSize: '8pt', fontFamily: '"DejaVu Sans Mono", Consolas, monospace', maxWidth: '100%', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
                {label.identification}
              </Box>
            </Box>
          ))}
        </Box>
      ))}
    </Box>
  );
}
