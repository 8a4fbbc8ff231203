import { useTranslate } from 'react-admin';
import { HtmlMessageInput } from '../mechanism/HtmlMessageInput';
import type { InputProps } from './fieldInput';

/** Rich text: typed as HTML beside its sanitised rendering, the asset message's input. */
export function RichTextInput({ source, label }: InputProps) {
  const translate = useTranslate();
  return <HtmlMessageInput source={source} label={label} previewLabel={translate('app.admin.html_preview', { field: label })} />;
}
