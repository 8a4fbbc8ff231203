import { Fragment, useMemo } from 'react';
import { Box, Divider, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { InspectableAttribute, InspectionValue } from '../../../../common/resources/inspection';
import { itemSections } from './itemSections';
import { ItemField } from './ItemField';
import type { InspectChecklist } from './inspectTypes';
import type { PreviousValues } from './usePreviousInspections';
import type { SensorValues } from './useSensorValues';

interface ChecklistSectionProps {
  checklist: InspectChecklist;
  values: Record<string, InspectionValue | null> | undefined;
  comments: Record<string, string> | undefined;
  flagged: readonly string[] | undefined;
  previous: PreviousValues;
  sensors: SensorValues;
  onValue: (checklistId: string, attributeId: string, value: InspectionValue | null) => void;
  onComment: (checklistId: string, attributeId: string, text: string) => void;
  onBusyChange: (key: string, busy: boolean) => void;
}

/** A selected checklist: its items in sequence, under their group headings (itemSections.ts). */
export const ChecklistSection = ({ checklist, values, comments, flagged, previous, sensors, onValue, onComment, onBusyChange }: ChecklistSectionProps) => {
  const translate = useTranslate();
  const sections = useMemo(() => itemSections(checklist), [checklist]);
  const attributes = useMemo(() => new Map<string, InspectableAttribute>(checklist.attributes.map((a) => [a._id, a])), [checklist]);
  const headingId = `checklist-${checklist._id}`;

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 2 }}>
      <Typography id={headingId} variant="h6" component="h3" sx={{ lineHeight: 1.3 }}>
        {checklist.name}
      </Typography>
      {checklist.frequency ? (
        <Typography variant="body2" color="text.secondary">
          {checklist.frequency}
        </Typography>
      ) : null}
      {sections.map((section, index) => (
        <Fragment key={`${section.kind}-${section.name}-${index}`}>
          {section.kind === 'plain' ? null : (
            <Typography variant="overline" component="h4" color="primary" sx={{ display: 'block', mt: 2, lineHeight: 2 }}>
              {section.kind === 'other' ? translate('app.inspection.other_items') : section.name}
            </Typography>
          )}
          {section.items.map((item, position) => {
            const attribute = attributes.get(item.attribute);
            if (!attribute) return null;
            return (
              <Fragment key={item.attribute}>
                {position > 0 ? <Divider /> : null}
                <ItemField
                  checklistId={checklist._id}
                  item={item}
                  attribute={attribute}
                  value={values?.[item.attribute]}
                  comment={comments?.[item.attribute] ?? ''}
                  flagged={flagged?.includes(item.attribute) ?? false}
                  previous={previous.get(checklist._id, item.attribute)}
                  sensor={sensors.get(item.attribute)}
                  onValue={onValue}
                  onComment={onComment}
                  onBusyChange={onBusyChange}
                />
              </Fragment>
            );
          })}
        </Fragment>
      ))}
    </Box>
  );
};
