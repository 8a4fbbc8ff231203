import { FormControlLabel, MenuItem, Stack, Switch, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { THRESHOLD_OPERATIONS, defaultThresholdValue, type Threshold, type ThresholdOperation } from '../../../common/resources/checklist';
import { AlertLevelSelect } from './AlertLevelSelect';
import { ThresholdValueInput } from './ThresholdValueInput';
import type { AttributeChoice } from './useAttributeChoices';

/** i18n key of an operation's label: 'greater than' → app.threshold.greater_than. */
export const operationLabelKey = (operation: ThresholdOperation) => `app.threshold.${operation.replace(/ /g, '_')}`;

/**
 * A checklist item's optional threshold (spec §3, §5): the alarming condition `value <operation>
 * limit` and the alert level it raises. It needs the item's attribute to know the value's form.
 */
export function ThresholdInput({ attribute, threshold, onChange }: { attribute: AttributeChoice | undefined; threshold: Threshold | null; onChange: (threshold: Threshold | null) => void }) {
  const translate = useTranslate();
  const enabled = threshold !== null;
  const toggle = (on: boolean) => onChange(on && attribute ? { operation: 'equal', value: defaultThresholdValue(attribute), level: null } : null);

  return (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
      <FormControlLabel
        sx={{ minWidth: 130, mt: 1.5 }}
        control={<Switch size="small" checked={enabled} disabled={!attribute && !enabled} onChange={(event) => toggle(event.target.checked)} />}
        label={translate('app.checklist.fields.threshold')}
      />
      {threshold && attribute && (
        <>
          <TextField
            select
            size="small"
            fullWidth={false}
            label={translate('app.checklist.fields.operation')}
            sx={{ width: 170 }}
            value={threshold.operation}
            onChange={(event) => onChange({ ...threshold, operation: event.target.value as ThresholdOperation })}
          >
            {THRESHOLD_OPERATIONS.map((operation) => (
              <MenuItem key={operation} value={operation}>{translate(operationLabelKey(operation))}</MenuItem>
            ))}
          </TextField>
          <ThresholdValueInput
            key={attribute.type}
            attribute={attribute}
            value={threshold.value}
            label={translate('app.checklist.fields.value')}
            onChange={(value) => onChange({ ...threshold, value })}
          />
          <AlertLevelSelect value={threshold.level} label={translate('app.checklist.fields.level')} onChange={(level) => onChange({ ...threshold, level })} />
        </>
      )}
    </Stack>
  );
}
