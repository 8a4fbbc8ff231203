import { IconButton, Stack, Tooltip, type SxProps, type Theme } from '@mui/material';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslate } from 'react-admin';

export interface MoveButtonsProps {
  /** Accessible names of the arrows, naming what moves ('Move Pump check up'). */
  moveUpLabel: string;
  moveDownLabel: string;
  first: boolean;
  last: boolean;
  onMove: (direction: -1 | 1) => void;
  deleteLabel: string;
  /** The delete button's tooltip; by default its label. A disabled delete says here why. */
  deleteTitle?: string;
  deleteDisabled?: boolean;
  onDelete: () => void;
  sx?: SxProps<Theme>;
}

/**
 * Up, down and delete for one entry of an ordered list in an editor (checklist items and groups,
 * dashboard sections and items). The ends disable the arrow that cannot move.
 */
export function MoveButtons({ moveUpLabel, moveDownLabel, first, last, onMove, deleteLabel, deleteTitle, deleteDisabled = false, onDelete, sx }: MoveButtonsProps) {
  const translate = useTranslate();
  return (
    <Stack direction="row" sx={sx}>
      <Tooltip title={translate('ra.action.move_up')}>
        {/* A disabled button fires no events: the span lets the tooltip show anyway. */}
        <span>
          <IconButton aria-label={moveUpLabel} disabled={first} onClick={() => onMove(-1)}>
            <ArrowUpwardIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={translate('ra.action.move_down')}>
        <span>
          <IconButton aria-label={moveDownLabel} disabled={last} onClick={() => onMove(1)}>
            <ArrowDownwardIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={deleteTitle ?? deleteLabel}>
        <span>
          <IconButton aria-label={deleteLabel} disabled={deleteDisabled} onClick={onDelete}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </Stack>
  );
}
