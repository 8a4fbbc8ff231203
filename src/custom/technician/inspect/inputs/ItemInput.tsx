import type { ValueInputProps } from './valueInputProps';
import { NumberValueInput } from './NumberValueInput';
import { BooleanValueInput } from './BooleanValueInput';
import { RadioValueInput } from './RadioValueInput';
import { SelectValueInput } from './SelectValueInput';
import { ColorValueInput } from './ColorValueInput';
import { TextValueInput } from './TextValueInput';
import { ImageValueInput } from './ImageValueInput';
import { DateValueInput } from './DateValueInput';
import { DateTimeValueInput } from './DateTimeValueInput';

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
      return <DateValueInput {...input} />;
    case 'date-time':
      return <DateTimeValueInput {...input} />;
    default:
      // string, long string, html
      return <TextValueInput {...input} />;
  }
};
