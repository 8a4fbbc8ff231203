import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { prerenderToNodeStream } from 'react-dom/static';
import { Routes, StaticRouter } from 'react-router-dom';
import { memoryStore } from 'react-admin';
import { AppProviders } from '../App';
import { i18nProvider } from '../i18n';
import { appRoutes } from '../routes/appRoutes';
import { renderGuardedRoutes } from '../routes/renderGuardedRoutes';
import { sanitizeInside } from '../custom/fields/sanitizeStoredHtml';
import { ServerAnswersProvider, type ServerAnswers } from './serverAnswers';

/** A screen drawn on the server: markup and the styles it uses. */
export interface DrawnScreen {
  html: string;
  css: string;
}

/** Stored HTML on a drawn screen is sanitised as in the browser, with the same rules, inside jsdom's DOM (set up once). */
let sanitiser: Promise<void> | null = null;
function sanitiseInJsdom(): Promise<void> {
  sanitiser ??= import('jsdom').then(({ JSDOM }) => sanitizeInside(new JSDOM('', { url: 'http://localhost/' }).window as unknown as Window & typeof globalThis));
  return sanitiser;
}

/**
 * The first screen of `path` as the app draws it for the session and data in `answers` (issue 20;
 * server/http/serverScreen.ts): React's markup, once every lazy part has loaded, and the CSS its
 * emotion classes need (kept as text by emotion where there is no document). No effect runs, nothing
 * is asked: what a page would ask itself it finds in `answers` (src/serverDrawn/serverAnswers.tsx).
 */
export async function drawScreen(path: string, answers: ServerAnswers): Promise<DrawnScreen> {
  if (typeof window === 'undefined') await sanitiseInJsdom();
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const { prelude } = await prerenderToNodeStream(
    <CacheProvider value={cache}>
      <ServerAnswersProvider answers={answers}>
        <StaticRouter location={path}>
          <AppProviders store={memoryStore({ locale: i18nProvider.getLocale() })}>
            <Routes>{renderGuardedRoutes(appRoutes)}</Routes>
          </AppProviders>
        </StaticRouter>
      </ServerAnswersProvider>
    </CacheProvider>,
    { onError: (error) => console.error('drawScreen', error), progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  const css = Object.values(cache.inserted).filter((rule): rule is string => typeof rule === 'string').join('');
  return { html, css };
}
