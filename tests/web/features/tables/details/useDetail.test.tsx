import { act, render, screen, waitFor } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { useDetail } from '../../../../../src/features/tables/details/useDetail';
import { apiKey, queryClient } from '../../../../../src/platform/dataProvider/apiQuery';
import { i18nProvider } from '../../../../../src/platform/i18n';
import { jsonResponse, mockApi } from '../../../helpers/mockApi';

function AssetName() {
  const detail = useDetail<{ name: string }>('/asset/a1', () => false);
  return (
    <>
      <p data-testid="name">{detail.data?.name ?? 'none'}</p>
      <button onClick={detail.reload}>reload</button>
      <button onClick={() => detail.accept({ name: 'Pump C (saved)' })}>save</button>
    </>
  );
}

describe('useDetail', () => {
  it('a save shows its answer at once, and a read asked before it cannot bring the older version back', async () => {
    queryClient.clear();
    let answerLateRead: (response: Response) => void = () => undefined;
    let reads = 0;
    mockApi({
      'GET /api/asset/a1': () => {
        reads += 1;
        if (reads === 1) return jsonResponse(200, { name: 'Pump A' });
        return new Promise<Response>((resolve) => (answerLateRead = resolve));
      },
    });
    render(
      <MemoryRouter>
        <AdminContext i18nProvider={i18nProvider} queryClient={queryClient}>
          <AssetName />
        </AdminContext>
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.getByTestId('name')).toHaveTextContent('Pump A'));
    // A push read the asset again; the server answers slowly, with what it held before the save.
    act(() => screen.getByRole('button', { name: 'reload' }).click());
    await waitFor(() => expect(reads).toBe(2));
    act(() => screen.getByRole('button', { name: 'save' }).click());
    await waitFor(() => expect(screen.getByTestId('name')).toHaveTextContent('Pump C (saved)'));
    // The late answer is read to its end (react-admin's fetchJson reads the text) before it is looked at.
    const late = jsonResponse(200, { name: 'Pump B (before the save)' });
    const readText = late.text.bind(late);
    let lateRead = false;
    late.text = async () => {
      const text = await readText();
      lateRead = true;
      return text;
    };
    act(() => answerLateRead(late));
    await waitFor(() => expect(lateRead).toBe(true));
    // waitFor looks again in a later task: what the late answer would have set is set by now.
    await waitFor(() => expect(queryClient.getQueryData(apiKey('/asset/a1'))).toEqual({ name: 'Pump C (saved)' }));
    expect(screen.getByTestId('name')).toHaveTextContent('Pump C (saved)');
  });
});
