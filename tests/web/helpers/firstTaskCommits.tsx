import { Profiler, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { act, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';

type ActGlobal = { IS_REACT_ACT_ENVIRONMENT?: boolean };

/**
 * Mounts `tree` (inside `providers`, once they have rendered) with React's own root, outside
 * Testing Library's act(), and answers the commits of `tree` React made before flushSync returned:
 * a state update made while React attaches refs is rendered there, in the same task as the first
 * screen (issue 20: on a phone's first load, one long task).
 */
export async function commitsOfFirstTask(tree: ReactNode, providers: (children: ReactNode) => ReactNode = (children) => children) {
  const phases: string[] = [];
  let show = () => {};
  const Gate = () => {
    const [shown, setShown] = useState(false);
    show = () => setShown(true);
    return shown ? (
      <Profiler id="tree" onRender={(_id, phase) => phases.push(phase)}>
        {tree}
      </Profiler>
    ) : (
      <span data-testid="providers-ready" />
    );
  };
  const host = document.body.appendChild(document.createElement('div'));
  const root = createRoot(host);
  await act(async () => root.render(providers(<Gate />)));
  await waitFor(() => expect(within(host).getByTestId('providers-ready')).toBeInTheDocument());
  const actGlobal = globalThis as ActGlobal;
  const previous = actGlobal.IS_REACT_ACT_ENVIRONMENT;
  actGlobal.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    flushSync(show);
  } finally {
    actGlobal.IS_REACT_ACT_ENVIRONMENT = previous;
  }
  return { phases: [...phases], host, unmount: () => act(() => root.unmount()) };
}
