/** GET /<entity>/:id/references (server/crud/archiving.ts): counts by kind, and whether DELETE archives. */
export interface RecordReferences {
  references: Record<string, number>;
  archives: boolean;
}

type Translate = (key: string, options?: object) => string;

/**
 * The delete confirmation (spec §5 "deleting anything asks"): the entity's question, and when
 * history refers to the record, how much and what will happen — "…? 68 inspections and 3 alerts
 * refer to it: it will be archived — hidden from new work, still shown in their history, and can
 * be restored." The spec's asset question has no question mark; one is added before the rest.
 */
export function deletionConfirmation(question: string, references: RecordReferences, translate: Translate): string {
  if (!references.archives) return question;
  const counted = Object.entries(references.references).filter(([, count]) => count > 0);
  if (counted.length === 0) return question;
  const parts = counted.map(([kind, count]) => translate(`app.archive.kinds.${kind}`, { smart_count: count, _: `${count} ${kind}` }));
  const list = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' }).format(parts);
  const onlyOne = counted.length === 1 && counted[0]?.[1] === 1;
  const consequence = translate('app.archive.consequence', { references: list, smart_count: onlyOne ? 1 : 2 });
  return `${question.endsWith('?') ? question : `${question}?`} ${consequence}`;
}
