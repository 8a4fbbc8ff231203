import createCache from '@emotion/cache';
import { QueryClient } from '@tanstack/react-query';
import { CacheProvider } from '@emotion/react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { memoryStore } from 'react-admin';
import type { DrawTask, DrawnScreen } from '../../../common/firstScreen';
import { App } from '../../App';
import { i18nProvider } from '../i18n';
import { setServerHtml } from '../../../common/storedHtml/serverHtml';
import { DrawnForProvider } from '../../shared/ui/device';
import { seedAnswers } from '../dataProvider/apiQuery';
import { serverHtmlEngine } from '../../../common/storedHtml/serverHtmlEngine';
import { takeRenderedLazies } from '../../shared/ui/lazyWithTimeout';

/** The <link> elements React writes before the screen's own markup. */
const LEADING_HEAD_ELEMENTS = /^((?:<link\b[^>]*>)*)([\s\S]*)$/;

// Stored HTML on a drawn screen is sanitised with the browser's rules by an engine that needs no DOM.
setServerHtml(serverHtmlEngine());

/**
 * The first screen of `path` as the app draws it for the session and data in `answers` (issue 20;
 * server/http/serverScreen.ts): React's markup, once every lazy part has loaded, and the CSS its
 * emotion classes need (kept as text by emotion where there is no document). No effect runs, nothing
 * is asked: what a page would ask itself it finds in `answers`, seeded into the render's query cache.
 * Built for Node, this module is the task of the server's drawing thread: its default export draws one page.
 */
export default async function drawScreen({ path, answers, drawnFor }: DrawTask): Promise<DrawnScreen> {
  const cache = createCache({ key: 'css' });
  // Rules kept in the cache, not written as <style> elements beside each part.
  cache.compat = true;
  // A query cache of this render's own holding the server's answers: the page's reads find them there.
  const client = new QueryClient();
  seedAnswers(client, Object.entries(answers));
  let failure: unknown;
  takeRenderedLazies();
  const { prelude } = await prerenderToNodeStream(
    <CacheProvider value={cache}>
      <DrawnForProvider drawnFor={drawnFor}>
        <StaticRouter location={path}>
          {/* A store of its own per render, holding the locale: react-admin's translations draw nothing until the store names one. */}
          <App store={memoryStore({ locale: i18nProvider.getLocale() })} client={client} />
        </StaticRouter>
      </DrawnForProvider>
    </CacheProvider>,
    {
      // A part that failed would be drawn as its fallback (a spinner): half a screen is no first screen. The caller serves the plain page.
      onError: (error) => {
        failure ??= error;
      },
      // Every part inline, in place: React would otherwise move large parts in with a script, and nothing of this page runs.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    },
  );
  if (failure !== undefined) throw failure;
  let markup = '';
  for await (const chunk of prelude) markup += String(chunk);
  // React puts what belongs in <head> (an image's preload) first where it draws no <head> itself: the
  // browser hydrates #root, where such an element is no part of the tree and would stop hydration.
  const [, head = '', html = markup] = LEADING_HEAD_ELEMENTS.exec(markup) ?? [];
  const inserted = Object.entries(cache.inserted).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  // The lazy parts it drew, which the browser loads before it hydrates them (a render of another page in this thread at the same time may add its own: loaded for nothing, harmless).
  const lazies = takeRenderedLazies();
  return { head, html, css: inserted.map(([, rule]) => rule).join(''), names: inserted.map(([name]) => name), lazies };
}
