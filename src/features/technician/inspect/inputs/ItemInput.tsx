import { Suspense } from 'react';
import { lazyWithTimeout } from '../../../../shared/ui/lazyWithTimeout';
import { Box } from '@mui/material';
import type { ValueInputProps } from './valueInputProps';
import { NumberValueInput } from './NumberValueInput';
import { BooleanValueInput } from './BooleanValueInput';
import { RadioValueInput } from './RadioValueInput';
import { SelectValueInput } from './SelectValueInput';
import { ColorValueInput } from './ColorValueInput';
import { TextValueInput } from './TextValueInput';
import { ImageValueInput } from './ImageValueInput';

/*
 * The date pickers (MUI X, dayjs: ~60 KiB compressed) are their own chunk, loaded when a checklist
 * asks for a date: the inspect view paints its asset before any checklist (issue 20). The service
 * worker precaches that chunk with the technician area, so it opens offline too. While it loads,
 * an outlined field's height is kept, so the checklist does not move.
 */
const DateValueInput = lazyWithTimeout('DateValueInput', () => import('./DateValueInput').then((module) => module.DateValueInput));
const DateTimeValueInput = lazyWithTimeout('DateTimeValueInput', () => import('./DateTimeValueInput').then((module) => module.DateTimeValueInput));
// The field's 56 px and its dense margins (MUI's marginDense: 8 px above, 4 below): 12 px short, the page moved under a tap.
const PICKER_PLACEHOLDER = <Box sx={{ minHeight: 56, mt: 1, mb: 0.5 }} aria-busy="true" />;

/** The input for an attribute's type (spec §3: the eleven types). */
export const ItemInput = (props: ValueInputProps & { onBusyChange: (busy: boolean) => void }) => {
  const { onBusyChange, ...input } = props;
  switch (input.attribute.type) {
    case 'number':
      return <NumberValueInput {...input} />;
    case 'boolean':
      return <BooleanValueInput {...input} />;
    case 'radio':
      return <RadioValueInput {...input} />;
    case 'select':
      return <SelectValueInput {...input} />;
    case 'color':
      return <ColorValueInput {...input} />;
    case 'image':
      return <ImageValueInput {...input} onBusyChange={onBusyChange} />;
    case 'date':
      return (
        <Suspense fallback={PICKER_PLACEHOLDER}>
          <DateValueInput {...input} />
        </Suspense>
      );
    case 'date-time':
      return (
        <Suspense fallback={PICKER_PLACEHOLDER}>
          <DateTimeValueInput {...input} />
        </Suspense>
      );
    default:
      // string, long string, html
      return <TextValueInput {...input} />;
  }
};
