import { useMemo } from 'react';
import type { Attribute } from '../../../common/resources/attribute';
import { useRelatedList } from '../mechanism/useRelatedList';

export type AttributeChoice = Pick<Attribute, 'name' | 'type' | 'technicalName' | 'options'> & { id: string };

/** Every attribute a checklist item may use (spec §7: GET /attribute?fields=name,type,technicalName,options), by name. */
export function useAttributeChoices(): { choices: AttributeChoice[]; byId: ReadonlyMap<string, AttributeChoice> } {
  const records = useRelatedList<AttributeChoice>('attribute', ['name', 'type', 'technicalName', 'options']);
  return useMemo(() => {
    const choices = [...records].sort((a, b) => a.name.localeCompare(b.name));
    return { choices, byId: new Map(choices.map((choice) => [String(choice.id), choice])) };
  }, [records]);
}
