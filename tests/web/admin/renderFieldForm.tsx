import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { AdminContext, Form } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { DialogsProvider } from '../../../src/shared/ui/dialogs/DialogsProvider';
import { dataProvider } from '../../../src/platform/dataProvider';
import { i18nProvider } from '../../../src/platform/i18n';
import { mockApi } from '../helpers/mockApi';

type Answers = Parameters<typeof mockApi>[0];

/** The form's current values, readable by tests as JSON. */
function ValuesProbe() {
  const values = useWatch();
  return <output data-testid="form-values">{JSON.stringify(values)}</output>;
}

/**
 * A field module inside a react-admin form (with the app's data provider, messages and dialogs)
 * on a record, the API mocked; `values()` answers what the form holds now.
 */
export function renderFieldForm(field: ReactNode, record: Record<string, unknown>, answers: Answers = {}) {
  localStorage.setItem('jwt', 'stored-jwt');
  const api = mockApi(answers);
  const view = render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
      <DialogsProvider>
        <Form record={{ id: 'r1', ...record }}>
          {field}
          <ValuesProbe />
        </Form>
      </DialogsProvider>
    </AdminContext>,
  );
  const values = <T = Record<string, unknown>,>() => JSON.parse(view.getByTestId('form-values').textContent ?? '{}') as T;
  return { api, view, values };
}
