import { Autocomplete, TextField } from '@mui/material';
import type { WorkOrderConfig, WorkOrderFilter } from '../../../common/resources/workOrder';
import { WORK_ORDER_TYPE_LABELS } from '../../../common/resources/workAccounting';

interface WorkOrderFilterBarProps {
  config: WorkOrderConfig;
  /** Filter key → chosen value; a key without one is not filtered on. */
  values: Readonly<Record<string, string>>;
  onChange: (key: string, value: string | null) => void;
}

/**
 * The config's filters (spec §2.8 "dynamic, clearable filter dropdowns"): one per entry of
 * `config.filters`, labelled with its name, offering its values — by name for the keys that hold
 * ids (asset, assignedTo), by label for the type. Typing narrows a long list of assets; the clear button removes the filter.
 */
export function WorkOrderFilterBar({ config, values, onChange }: WorkOrderFilterBarProps) {
  const names = nameLookup(config);
  return (
    <>
      {config.filters.map((filter) => (
        <Autocomplete
          key={filter.key}
          options={filter.values}
          value={values[filter.key] ?? null}
          getOptionLabel={(value) => names(filter, value)}
          onChange={(_event, picked) => onChange(filter.key, picked)}
          size="small"
          sx={{ width: 200 }}
          renderInput={(params) => <TextField {...params} label={filter.name} />}
        />
      ))}
    </>
  );
}

/** How a filter's value reads: an asset's or user's name for those keys, a type's label (DESIGN §18), the value itself otherwise. */
function nameLookup(config: WorkOrderConfig) {
  const byKey: Record<string, Map<string, string>> = {
    asset: new Map(config.assets.map((asset) => [asset._id, asset.name])),
    assignedTo: new Map(config.users.map((user) => [user._id, user.name])),
    type: new Map(Object.entries(WORK_ORDER_TYPE_LABELS)),
  };
  return (filter: WorkOrderFilter, value: string) => byKey[filter.key]?.get(value) ?? value;
}
