import { createContext, useContext, type ReactNode } from 'react';

/**
 * What the server asked, through its own API handlers and with the user's own session, before it
 * drew a page's first screen (issue 20; server/http/serverDrawnPage.ts): GET path as the app asks
 * it (e.g. '/token/init', '/asset/identification/group/P-101?expand=checklists') → parsed answer.
 * Only a server render has any; in the browser every lookup is undefined and the app asks as always.
 */
export type ServerAnswers = Readonly<Record<string, unknown>>;

const ServerAnswersContext = createContext<ServerAnswers | null>(null);

export const ServerAnswersProvider = ({ answers, children }: { answers: ServerAnswers; children: ReactNode }) => (
  <ServerAnswersContext.Provider value={answers}>{children}</ServerAnswersContext.Provider>
);

/** The server's answer for GET `path`, when this render is the server's and it asked it. */
export function useServerAnswer<T>(path: string): T | undefined {
  return useContext(ServerAnswersContext)?.[path] as T | undefined;
}

/** All of them (null in the browser): for hooks whose server snapshot is made of several. */
export function useServerAnswers(): ServerAnswers | null {
  return useContext(ServerAnswersContext);
}
