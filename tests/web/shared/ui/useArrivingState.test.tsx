import { act, render, screen } from '@testing-library/react';
import { Suspense, use, useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { describe, expect, it } from 'vitest';
import { useArrivingState } from '../../../../src/shared/ui/useArrivingState';

/*
 * What arrives renders as a transition (issue 20): React may set that render aside and keep the
 * screen it has — the observable sign here is that a part still loading keeps showing what it
 * showed, where an urgent update would swap it for its fallback.
 */
const never = new Promise<never>(() => undefined);

function Shown({ value }: { value: string }) {
  if (value === 'waiting') use(never);
  return <p>{value}</p>;
}

type Setter = Dispatch<SetStateAction<string>>;

function probe(useValue: (initial: string) => [string, Setter]) {
  let set: Setter = () => undefined;
  const Probe = ({ onSetter }: { onSetter: (setter: Setter) => void }) => {
    const [value, setValue] = useValue('Pump A');
    useEffect(() => onSetter(setValue), [onSetter, setValue]);
    return (
      <Suspense fallback={<p>Loading…</p>}>
        <Shown value={value} />
      </Suspense>
    );
  };
  render(<Probe onSetter={(setter) => (set = setter)} />);
  return (next: string) => act(() => set(next));
}

describe('useArrivingState', () => {
  it('keeps the screen it has while what arrived is not ready to show, then shows what arrives next', async () => {
    const arrive = probe(useArrivingState);
    await arrive('waiting');
    expect(screen.getByText('Pump A')).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).toBeNull();
    await arrive('Pump B');
    expect(screen.getByText('Pump B')).toBeInTheDocument();
  });

  it('useState, the yardstick: shows the fallback at once', async () => {
    const update = probe(useState<string>);
    await update('waiting');
    expect(screen.getByText('Loading…')).toBeInTheDocument();
  });
});
