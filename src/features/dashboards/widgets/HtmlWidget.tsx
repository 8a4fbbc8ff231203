import { SafeHtml } from '../../../shared/ui/SafeHtml';

/** The script's HTML, sanitised (DESIGN §7), scrolling inside its item when long. */
export function HtmlWidget({ html }: { html: string }) {
  return <SafeHtml html={html} sx={{ height: '100%', overflow: 'auto', '& img': { maxWidth: '100%' }, '& a': { color: 'primary.light' } }} />;
}
