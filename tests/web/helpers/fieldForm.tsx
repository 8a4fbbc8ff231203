import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { AdminContext, Form, type RaRecord } from 'react-admin';
import { vi } from 'vitest';
import { DialogsProvider } from '../../../src/shared/ui/dialogs/DialogsProvider';
import { dataProvider } from '../../../src/platform/dataProvider';
import { i18nProvider } from '../../../src/platform/i18n';

/**
 * A field module alone in a react-admin Form, with the app's dataProvider (fetch mocked by the
 * test), i18n and dialogs. `submitted()` answers what a Submit click hands to onSubmit.
 */
export function renderFieldForm(field: ReactNode, record: Partial<RaRecord>) {
  const onSubmit = vi.fn();
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
      <DialogsProvider>
        <Form record={record as RaRecord} onSubmit={onSubmit}>
          {field}
          <button type="submit">Submit</button>
        </Form>
      </DialogsProvider>
    </AdminContext>,
  );
  return { submitted: () => onSubmit.mock.calls.at(-1)?.[0] as Record<string, unknown> | undefined };
}
