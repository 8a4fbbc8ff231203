import { useState } from 'react';
import { Autocomplete, Box, Button, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { MAX_PART_QUANTITY, type PartChoice } from '../../../../common/resources/workAccounting';
import { apiQuery } from '../../../platform/dataProvider/apiQuery';
import { useApiQuery } from '../../../platform/dataProvider/useApiQuery';
import { useDebouncedValue } from '../../../shared/ui/useDebouncedValue';
import type { WorkOrderWrites } from '../shared/useWorkOrderWrite';
import { partUseRequest } from '../shared/workAccountingRequests';

/** Typing waits this long before the stores are searched. */
const SEARCH_PAUSE_MS = 300;

/** GET /workOrder/parts?search=: up to 20 parts, the exact part number (a scanned label) first. */
export const partChoicesQuery = (search: string) => apiQuery<PartChoice[]>('/workOrder/parts', { query: { search: search === '' ? undefined : search } });

const partLabel = (part: PartChoice) => `${part.partNumber} — ${part.name}`;

/** A whole number from 1 to MAX_PART_QUANTITY, or null. */
function quantityOf(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const quantity = Number(trimmed);
  return quantity >= 1 && quantity <= MAX_PART_QUANTITY ? quantity : null;
}

/**
 * 'Add part': a part found by number or name in the stores (asked as the list opens and as the
 * user types), a quantity, and Add part (POST /workOrder/{id}/parts). The stores hold what they
 * hold: a quantity above the stock is refused (409, 'only 3 of Seal kit in stock'), said in a
 * notification, and the row keeps the choice.
 */
export function AddPartForm({ orderId, writes }: { orderId: string; writes: WorkOrderWrites }) {
  const translate = useTranslate();
  const [listOpen, setListOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [part, setPart] = useState<PartChoice | null>(null);
  const [quantityText, setQuantityText] = useState('1');
  const search = useDebouncedValue(typed.trim(), SEARCH_PAUSE_MS);
  const choices = useApiQuery({ ...partChoicesQuery(search), enabled: listOpen });
  const quantity = quantityOf(quantityText);
  const quantityInvalid = quantityText.trim() !== '' && quantity === null;

  const add = async () => {
    if (part === null || quantity === null || writes.writing !== null) return;
    const recorded = await writes.write({ kind: 'part', request: partUseRequest(orderId, part._id, quantity), successMessage: 'app.work_order_screen.part_added' });
    if (recorded) {
      setPart(null);
      setQuantityText('1');
    }
  };

  return (
    <Box
      component="form"
      noValidate
      aria-label={translate('app.work_order_screen.add_part')}
      onSubmit={(event) => {
        event.preventDefault();
        void add();
      }}
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) 120px auto' }, gap: 2, mt: 2, alignItems: 'start' }}
    >
      <Autocomplete
        options={choices.data ?? []}
        value={part}
        onChange={(_event, picked) => setPart(picked)}
        onInputChange={(_event, text, reason) => setTyped(reason === 'input' ? text : '')}
        open={listOpen}
        onOpen={() => setListOpen(true)}
        onClose={() => setListOpen(false)}
        // The server searched: what it answers is what matches.
        filterOptions={(options) => options}
        getOptionLabel={partLabel}
        getOptionKey={(option) => option._id}
        isOptionEqualToValue={(option, value) => option._id === value._id}
        loading={choices.isFetching}
        loadingText={translate('app.work_order_screen.parts_searching')}
        noOptionsText={translate('app.work_order_screen.no_parts_found')}
        renderOption={(props, option) => (
          <li {...props} key={option._id}>
            <Box>
              <Typography>{partLabel(option)}</Typography>
              {option.quantityOnHand !== null && (
                <Typography variant="caption" color="text.secondary">
                  {translate('app.work_order_screen.in_stock', { count: option.quantityOnHand })}
                </Typography>
              )}
            </Box>
          </li>
        )}
        renderInput={(params) => <TextField {...params} label={translate('app.work_order_screen.part')} />}
      />
      <TextField
        label={translate('app.work_order_screen.quantity')}
        value={quantityText}
        onChange={(event) => setQuantityText(event.target.value)}
        error={quantityInvalid}
        helperText={quantityInvalid ? translate('app.work_order_screen.quantity_invalid', { max: MAX_PART_QUANTITY }) : undefined}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <Button type="submit" variant="outlined" disabled={part === null || quantity === null || writes.writing !== null} sx={{ height: 56, whiteSpace: 'nowrap' }}>
        {translate('app.work_order_screen.add_part')}
      </Button>
    </Box>
  );
}
