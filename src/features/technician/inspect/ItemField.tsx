import { memo, useId } from 'react';
import { Alert, Box, FormHelperText, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { thresholdMet, type ChecklistItem } from '../../../../common/resources/checklist';
import { describeThreshold, inspectionValueProblem, isEmptyValue, isMandatoryItem, type InspectableAttribute, type InspectionValue } from '../../../../common/resources/inspection';
import { GrowingTextField } from '../../../shared/ui/GrowingTextField';
import { toSubmitValue } from './formValues';
import { ItemFacts } from './ItemFacts';
import { ItemInput } from './inputs/ItemInput';
import { touchFieldSx } from './inputs/valueInputProps';
import type { PreviousValue } from './usePreviousInspections';
import type { SensorValue } from './useSensorValues';

interface ItemFieldProps {
  checklistId: string;
  item: ChecklistItem;
  attribute: InspectableAttribute;
  value: InspectionValue | null | undefined;
  comment: string;
  /** The last submit found this mandatory item empty. */
  flagged: boolean;
  previous: PreviousValue | undefined;
  /** The latest sensor reading of the point that maps this item's attribute (DESIGN §17). */
  sensor?: SensorValue | undefined;
  onValue: (checklistId: string, attributeId: string, value: InspectionValue | null) => void;
  onComment: (checklistId: string, attributeId: string, text: string) => void;
  onBusyChange: (key: string, busy: boolean) => void;
}

/**
 * One checklist item: name (with a star when mandatory), description, previous value and alert
 * limit, the input for its type, and — as the value is typed — a warning when it meets the
 * threshold, so the technician knows before submitting that an alert will be raised.
 */
export const ItemField = memo(function ItemField({ checklistId, item, attribute, value, comment, flagged, previous, sensor, onValue, onComment, onBusyChange }: ItemFieldProps) {
  const translate = useTranslate();
  const baseId = useId();
  const labelId = `${baseId}-label`;
  const descriptionId = `${baseId}-description`;
  const factsId = `${baseId}-facts`;
  const required = isMandatoryItem(item, attribute);

  const submitValue = toSubmitValue(attribute, value);
  const hasValue = submitValue !== null && !isEmptyValue(submitValue);
  const problem = hasValue ? inspectionValueProblem(attribute, submitValue) : null;
  const breached = hasValue && !problem && item.threshold !== null && thresholdMet(item.threshold.operation, submitValue, item.threshold.value);
  const describedBy = [attribute.description ? descriptionId : null, previous || sensor || item.threshold ? factsId : null].filter(Boolean).join(' ') || undefined;

  return (
    <Box
      role="group"
      aria-labelledby={labelId}
      data-flagged={flagged || undefined}
      data-invalid={problem !== null || undefined}
      sx={{
        py: 1.5,
        pl: flagged || breached ? 1.5 : 0,
        borderLeft: flagged ? 4 : breached ? 4 : 0,
        borderColor: flagged ? 'error.main' : 'warning.main',
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
      }}
    >
      <Box>
        <Typography id={labelId} component="div" sx={{ fontWeight: 600, fontSize: '1.0625rem' }}>
          {attribute.name}
          {required ? (
            <Box component="span" aria-hidden sx={{ color: 'error.main', ml: 0.5 }}>
              *
            </Box>
          ) : null}
        </Typography>
        {attribute.description ? (
          <Typography id={descriptionId} variant="body2" color="text.secondary">
            {attribute.description}
          </Typography>
        ) : null}
      </Box>
      <ItemFacts id={factsId} attribute={attribute} previous={previous} sensor={sensor} threshold={item.threshold} />
      <ItemInput
        attribute={attribute}
        value={value}
        onChange={(next) => onValue(checklistId, attribute._id, next)}
        labelId={labelId}
        describedBy={describedBy}
        error={flagged || problem !== null}
        required={required}
        onBusyChange={(busy) => onBusyChange(`${checklistId}/${attribute._id}`, busy)}
      />
      {breached && item.threshold ? (
        <Alert severity="warning" variant="filled" role="status" sx={{ py: 0 }}>
          {translate('app.inspection.past_threshold', { threshold: describeThreshold(item.threshold) })}
        </Alert>
      ) : null}
      {problem ? <FormHelperText error>{translate('app.inspection.value_problem', { name: attribute.name, problem })}</FormHelperText> : null}
      {flagged ? <FormHelperText error>{translate('app.inspection.required')}</FormHelperText> : null}
      {attribute.allowComment ? (
        <GrowingTextField
          variant="outlined"
          label={translate('app.inspection.comment')}
          fullWidth
          minRows={1}
          value={comment}
          onChange={(event) => onComment(checklistId, attribute._id, event.target.value)}
          sx={touchFieldSx}
          slotProps={{ htmlInput: { maxLength: 2000, 'aria-label': translate('app.inspection.comment_on', { name: attribute.name }) } }}
        />
      ) : null}
    </Box>
  );
});
