import { useMemo, useState } from 'react';
import { Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { DETAIL_TABLE_PAGE_SIZE } from '../../../../common/constants';
import { RecordTable, type RecordColumn } from '../../../shared/ui/recordTable/RecordTable';
import type { SortTerm } from '../../../shared/ui/recordTable/tableSort';
import { formatTimestamp } from '../../../../common/formatTime';
import { SafeHtml } from '../../../shared/ui/SafeHtml';
import { looksLikeHtml } from '../cellText';
import { ImageThumbnailButton, ImageViewerDialog, type ViewerImage } from '../../../shared/ui/ImageViewer';

export interface AttributeValueRow {
  id: string;
  name: string;
  value: unknown;
  /** The attribute's type: image values are file ids shown as pictures, date-time values epoch ms. */
  type?: string | null;
  comment?: string;
  description?: string;
}

const isImage = (row: AttributeValueRow) => row.type === 'image' && typeof row.value === 'string';

function valueText(row: Pick<AttributeValueRow, 'value' | 'type'>, yes: string, no: string): string {
  const { value } = row;
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? yes : no;
  if (row.type === 'date-time' && typeof value === 'number') return formatTimestamp(value);
  return String(value);
}

/**
 * An attribute/value table of a detail view (spec §2.5): HTML values sanitised, image values as
 * thumbnails opening the viewer, and the Comment and Description columns only when a row has one.
 */
export function AttributeValueTable({ rows }: { rows: readonly AttributeValueRow[] }) {
  const translate = useTranslate();
  const [sort, setSort] = useState<SortTerm[]>([]);
  const [viewing, setViewing] = useState<number | null>(null);
  const images = useMemo<ViewerImage[]>(() => rows.filter(isImage).map((row) => ({ fileId: String(row.value), caption: row.name })), [rows]);
  const columns = useMemo<RecordColumn<AttributeValueRow>[]>(() => {
    const yes = translate('ra.boolean.true');
    const no = translate('ra.boolean.false');
    const render = (row: AttributeValueRow) => {
      if (isImage(row)) {
        const index = images.findIndex((image) => image.fileId === row.value);
        return <ImageThumbnailButton image={images[index]!} onOpen={() => setViewing(index)} />;
      }
      // DESIGN §7: HTML from data is shown, sanitised.
      if (looksLikeHtml(row.value)) return <SafeHtml html={row.value} sx={{ '& p': { m: 0 } }} />;
      return valueText(row, yes, no);
    };
    const shown: RecordColumn<AttributeValueRow>[] = [
      { key: 'name', label: translate('app.detail.attribute') },
      { key: 'value', label: translate('app.detail.value'), render, sortValue: (row) => (row.type === 'date-time' && typeof row.value === 'number' ? row.value : valueText(row, yes, no)) },
    ];
    if (rows.some((row) => row.comment)) shown.push({ key: 'comment', label: translate('app.table.comment') });
    if (rows.some((row) => row.description)) shown.push({ key: 'description', label: translate('app.table.description') });
    return shown;
  }, [rows, images, translate]);
  return (
    <Stack>
      <RecordTable rows={rows} columns={columns} sort={sort} onSortChange={setSort} pageSize={DETAIL_TABLE_PAGE_SIZE} hidePagination={rows.length <= DETAIL_TABLE_PAGE_SIZE} />
      {viewing !== null && <ImageViewerDialog images={images} start={viewing} onClose={() => setViewing(null)} />}
    </Stack>
  );
}
