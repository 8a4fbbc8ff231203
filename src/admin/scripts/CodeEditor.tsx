import { useEffect, useRef } from 'react';
import { Box, useTheme, type Theme } from '@mui/material';
import { basicSetup } from 'codemirror';
import { indentWithTab } from '@codemirror/commands';
import { javascript } from '@codemirror/lang-javascript';
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorSelection, StateEffect, StateField, type Extension } from '@codemirror/state';
import { Decoration, EditorView, keymap, type DecorationSet } from '@codemirror/view';
import { tags } from '@lezer/highlight';

export interface CodeEditorProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The accessible name of the editing area. */
  label: string;
  /** id of the text that describes the editor (its keyboard hint). */
  describedBy?: string;
  /** The 1-based line to mark and scroll to (a run's error); a new object each time, null for none. */
  errorLine?: { line: number } | null;
  invalid?: boolean;
}

const setErrorLine = StateEffect.define<number | null>();

/** The marked error line: set by a run's error, gone as soon as the code changes. */
const errorLineField = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(marks, transaction) {
    let next = transaction.docChanged ? Decoration.none : marks;
    for (const effect of transaction.effects) {
      if (!effect.is(setErrorLine)) continue;
      const line = effect.value;
      next =
        line === null || line < 1 || line > transaction.state.doc.lines
          ? Decoration.none
          : Decoration.set([Decoration.line({ class: 'cm-errorLine' }).range(transaction.state.doc.line(line).from)]);
    }
    return next;
  },
  provide: (field) => EditorView.decorations.from(field),
});

const MONOSPACE = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

/** The app's dark MUI palette as CodeMirror's theme and syntax colours. */
function appEditorTheme(theme: Theme): Extension {
  const { palette } = theme;
  const editorTheme = EditorView.theme(
    {
      '&': { color: palette.text.primary, backgroundColor: palette.background.default, fontSize: '13px' },
      '&.cm-focused': { outline: `2px solid ${palette.primary.main}` },
      '.cm-scroller': { fontFamily: MONOSPACE, lineHeight: 1.5 },
      '.cm-content': { caretColor: palette.primary.main },
      '.cm-cursor, .cm-dropCursor': { borderLeftColor: palette.primary.main },
      '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection': {
        backgroundColor: 'rgba(144, 202, 249, 0.25)',
      },
      '.cm-gutters': { backgroundColor: palette.background.paper, color: palette.text.secondary, borderRight: `1px solid ${palette.divider}` },
      '.cm-activeLine': { backgroundColor: 'rgba(255, 255, 255, 0.04)' },
      '.cm-activeLineGutter': { backgroundColor: 'rgba(255, 255, 255, 0.08)', color: palette.text.primary },
      '.cm-errorLine': { backgroundColor: 'rgba(244, 67, 54, 0.22)', boxShadow: `inset 3px 0 0 ${palette.error.main}` },
      '.cm-matchingBracket, &.cm-focused .cm-matchingBracket': { backgroundColor: 'rgba(144, 202, 249, 0.2)', outline: 'none' },
      '.cm-selectionMatch': { backgroundColor: 'rgba(255, 255, 255, 0.1)' },
      '.cm-foldPlaceholder': { backgroundColor: 'transparent', border: 'none', color: palette.text.secondary },
      '.cm-tooltip': { backgroundColor: palette.background.paper, color: palette.text.primary, border: `1px solid ${palette.divider}` },
      '.cm-tooltip-autocomplete > ul > li[aria-selected]': { backgroundColor: 'rgba(144, 202, 249, 0.25)', color: palette.text.primary },
      '.cm-panels': { backgroundColor: palette.background.paper, color: palette.text.primary },
      '.cm-searchMatch': { backgroundColor: 'rgba(255, 213, 79, 0.25)' },
    },
    { dark: true },
  );
  const highlight = HighlightStyle.define([
    { tag: tags.keyword, color: '#c792ea' },
    { tag: [tags.controlKeyword, tags.moduleKeyword], color: '#c792ea' },
    { tag: [tags.string, tags.special(tags.string), tags.regexp], color: '#c3e88d' },
    { tag: [tags.number, tags.bool, tags.null, tags.atom], color: '#f78c6c' },
    { tag: [tags.comment, tags.lineComment, tags.blockComment], color: '#7f8c98', fontStyle: 'italic' },
    { tag: [tags.function(tags.variableName), tags.function(tags.propertyName)], color: '#82aaff' },
    { tag: [tags.definition(tags.variableName), tags.variableName], color: palette.text.primary },
    { tag: tags.propertyName, color: '#80cbc4' },
    { tag: [tags.operator, tags.punctuation, tags.bracket], color: '#89ddff' },
    { tag: [tags.typeName, tags.className], color: '#ffcb6b' },
    { tag: tags.invalid, color: palette.error.main },
  ]);
  return [editorTheme, syntaxHighlighting(highlight)];
}

/**
 * A JavaScript editor (CodeMirror 6) as a controlled input. Loaded lazily: only the Script
 * management screen pays for it. Tab indents; Escape then Tab (or Ctrl-M to toggle) moves focus on.
 */
export function CodeEditor({ value, onChange, onBlur, label, describedBy, errorLine = null, invalid = false }: CodeEditorProps) {
  const theme = useTheme();
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  // The latest callbacks, read by the editor's listeners without rebuilding the editor.
  const handlers = useRef({ onChange, onBlur });
  useEffect(() => {
    handlers.current = { onChange, onBlur };
  }, [onChange, onBlur]);

  useEffect(() => {
    const editor = new EditorView({
      parent: host.current as HTMLDivElement,
      doc: value,
      extensions: [
        basicSetup,
        keymap.of([indentWithTab]),
        javascript(),
        appEditorTheme(theme),
        errorLineField,
        EditorView.contentAttributes.of({ 'aria-label': label, ...(describedBy ? { 'aria-describedby': describedBy } : {}) }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) handlers.current.onChange(update.state.doc.toString());
          if (update.focusChanged && !update.view.hasFocus) handlers.current.onBlur?.();
        }),
      ],
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the editor is built once; value, error line and invalid state reach it through the effects below
  }, []);

  // A value from outside (the record loaded, the form reset after Save) replaces the text.
  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const current = editor.state.doc.toString();
    if (value !== current) editor.dispatch({ changes: { from: 0, to: current.length, insert: value } });
  }, [value]);

  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    editor.contentDOM.setAttribute('aria-invalid', String(invalid));
  }, [invalid]);

  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const number = errorLine?.line ?? 0;
    const line = number >= 1 && number <= editor.state.doc.lines ? editor.state.doc.line(number) : null;
    editor.dispatch({
      effects: [setErrorLine.of(line ? number : null), ...(line ? [EditorView.scrollIntoView(line.from, { y: 'center' })] : [])],
      selection: line ? EditorSelection.cursor(line.from) : undefined,
    });
  }, [errorLine]);

  return (
    <Box
      ref={host}
      data-testid="code-editor"
      sx={{
        border: 1,
        borderColor: invalid ? 'error.main' : 'divider',
        borderRadius: 1,
        overflow: 'hidden',
        '& .cm-editor': { maxHeight: '60vh' },
        '& .cm-content, & .cm-gutter': { minHeight: 200 },
        '& .cm-scroller': { overflow: 'auto' },
      }}
    />
  );
}
