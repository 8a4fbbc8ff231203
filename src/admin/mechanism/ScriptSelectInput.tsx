import { SelectInput } from 'react-admin';
import { useRelatedListState } from './useRelatedList';

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

/**
 * The `script` field of a record that runs a script (tables, reports, jobs — DESIGN §7): the script
 * records by name, or none (null, not '').
 */
export function ScriptSelectInput({ label, emptyText }: { label: string; emptyText: string }) {
  const scripts = useRelatedListState<{ id: string; name: string }>('script', ['name']);
  return (
    // Remounted once loaded: the select's choice list lags one render behind its props.
    <SelectInput
      key={`script-${scripts.isPending}`}
      source="script"
      label={label}
      choices={[...scripts.records].sort(byName)}
      isPending={scripts.isPending}
      optionText="name"
      emptyText={emptyText}
      parse={(value: unknown) => (value === '' ? null : value)}
    />
  );
}
