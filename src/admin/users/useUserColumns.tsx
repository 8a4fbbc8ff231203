import { Fragment, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { shownStatus } from '../../../common/resources/user';
import type { RecordColumn } from '../../shared/ui/recordTable/RecordTable';
import { apiQuery } from '../../platform/dataProvider/apiQuery';
import { useApiQuery } from '../../platform/dataProvider/useApiQuery';
import { useNameLookup } from '../mechanism/useRelatedList';
import type { UserAdminRecord } from './types';

/** Every custom attribute name any user has, sorted, so each gets a column (spec §2.9). */
export function customAttributeNames(users: readonly Pick<UserAdminRecord, 'customAttributes'>[]): string[] {
  const names = new Set<string>();
  for (const user of users) for (const name of Object.keys(user.customAttributes ?? {})) names.add(name);
  return [...names].sort((a, b) => a.localeCompare(b));
}

/** GET /user/customAttributeNames: every custom attribute name any user has. */
export const userCustomAttributeNamesQuery = () => apiQuery<string[]>('/user/customAttributeNames');

const NONE: readonly string[] = [];

/**
 * The custom attribute names of every user, not only of the page shown (the list pages on the
 * server): asked again whenever the page's rows change (another page, a reload after an edit),
 * joined with theirs. Without an answer the page's own names make the columns.
 */
function useAllCustomAttributeNames(rows: readonly UserAdminRecord[]): string[] {
  const { data, refetch } = useApiQuery(userCustomAttributeNamesQuery());
  const held = data ?? NONE;
  // What the rows are, not which array holds them: a caller may pass a fresh array each render.
  const shown = rows.map((user) => `${user._id}:${Object.keys(user.customAttributes ?? {}).join(',')}`).join('|');
  // The first rows are asked with the query's own first request.
  const askedFor = useRef(shown);
  useEffect(() => {
    if (askedFor.current === shown) return;
    askedFor.current = shown;
    refetch();
  }, [shown, refetch]);
  return useMemo(() => customAttributeNames([...rows, { customAttributes: Object.fromEntries(held.map((name) => [name, ''])) }]), [rows, held]);
}

/** Role names are long words (ROLE_THERMOGRAPHY_ENGINEER_MANAGER): let them wrap after an underscore, not mid-word. */
function withBreaksAfterUnderscores(text: string): ReactNode {
  const parts = text.split('_');
  return parts.map((part, index) => (
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 && <>_<wbr /></>}
    </Fragment>
  ));
}

export function useUserColumns(rows: readonly UserAdminRecord[]): RecordColumn<UserAdminRecord>[] {
  const translate = useTranslate();
  const roleNames = useNameLookup('role');
  const attributeKey = useAllCustomAttributeNames(rows).join('\u0000');

  return useMemo(() => {
    const attributeNames = attributeKey ? attributeKey.split('\u0000') : [];
    const roleOf = (user: UserAdminRecord) => (user.role ? (roleNames.get(user.role) ?? '') : '');
    return [
      { key: 'name', label: translate('app.user.columns.name') },
      { key: 'username', label: translate('app.user.columns.username') },
      {
        key: 'role',
        label: translate('app.user.columns.role'),
        sortValue: roleOf,
        render: (user) => withBreaksAfterUnderscores(roleOf(user)),
      },
      {
        key: 'status',
        label: translate('app.user.columns.status'),
        sortValue: (user) => shownStatus(user.status),
        render: (user) => {
          const status = shownStatus(user.status);
          return <Chip size="small" variant="outlined" color={status === 'active' ? 'success' : 'default'} label={status} />;
        },
      },
      ...attributeNames.map<RecordColumn<UserAdminRecord>>((name) => ({
        key: `customAttributes.${name}`,
        label: name,
        sortValue: (user) => user.customAttributes?.[name] ?? '',
      })),
    ];
  }, [translate, roleNames, attributeKey]);
}
