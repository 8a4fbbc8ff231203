import { act } from '@testing-library/react';
import { EditorView } from '@codemirror/view';

// jsdom has no layout: CodeMirror measures text ranges when it scrolls a line into view.
if (typeof Range !== 'undefined' && !('getClientRects' in Range.prototype)) {
  const empty = { length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] };
  Object.assign(Range.prototype, {
    getClientRects: () => empty,
    getBoundingClientRect: () => ({ x: 0, y: 0, width: 0, height: 0, top: 0, left: 0, right: 0, bottom: 0, toJSON: () => ({}) }),
  });
}

/** The CodeMirror view of the (only) code editor on screen. */
export function codeEditorView(): EditorView {
  const dom = document.querySelector<HTMLElement>('.cm-editor');
  const view = dom ? EditorView.findFromDOM(dom) : null;
  if (!view) throw new Error('No code editor on screen');
  return view;
}

/**
 * Replaces the editor's text as an edit in the editor (a transaction, as typing makes one): jsdom
 * has no layout, so typing into CodeMirror there is unreliable.
 */
export function replaceCode(code: string) {
  const view = codeEditorView();
  act(() => {
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: code }, userEvent: 'input' });
  });
}
