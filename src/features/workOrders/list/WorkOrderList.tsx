import { useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { TABLE_PAGE_SIZE } from '../../../../common/constants';
import type { WorkOrder, WorkOrderConfig } from '../../../../common/resources/workOrder';
import { RecordTable } from '../../../shared/ui/recordTable/RecordTable';
import { serverPageQuery } from '../../tables/serverPaging';
import { useApiQuery } from '../../../platform/dataProvider/useApiQuery';
import { useWorkOrderApi, workOrderPageQuery, workOrderQueryParams, type WorkOrderPage, type WorkOrderQuery } from '../workOrderApi';
import { workOrderColumns, type WorkOrderRow } from './workOrderColumns';
import { clickedSort, defaultSort, sortParam, type WorkOrderSort } from './workOrderSort';

interface WorkOrderListProps {
  config: WorkOrderConfig;
  query: WorkOrderQuery;
  /** Raised when orders changed elsewhere (a save, a delete, a push): the page is fetched again. */
  version: number;
  onEdit: (order: WorkOrder) => void;
  onDelete: (order: WorkOrder) => void;
}

/**
 * The List tab (spec §2.8): one page at a time from the server (`range`, `filters`, `search`,
 * `sort`, the total from Content-Range) through the one query cache, so the list stays quick with
 * ten thousand orders. A row's status is saved the moment it is picked. Spec §8: a failed load or
 * save is only logged; the rows shown stay as they were.
 */
export function WorkOrderList({ config, query, version, onEdit, onDelete }: WorkOrderListProps) {
  const translate = useTranslate();
  const api = useWorkOrderApi();
  const client = useQueryClient();
  // A new filter or search starts at the first page; the page is kept with the query it belongs to.
  const [paging, setPaging] = useState({ query, page: 0 });
  const page = paging.query === query ? paging.page : 0;
  const [pageSize, setPageSize] = useState(TABLE_PAGE_SIZE);
  const [sort, setSort] = useState<WorkOrderSort>(() => defaultSort(config));
  // Status changes being saved: row id → the status picked, shown until the save is over.
  const [savingStatus, setSavingStatus] = useState<ReadonlyMap<string, string>>(new Map());

  const params = useMemo(
    () => ({ ...serverPageQuery({ page, itemsPerPage: pageSize, search: '', sortBy: [], sortDesc: [] }, ''), sort: sortParam(sort), ...workOrderQueryParams(query) }),
    [page, pageSize, sort, query],
  );
  const pageQuery = workOrderPageQuery(api, params);
  const { data, error, isFetching, refetch } = useApiQuery({ ...pageQuery, placeholderData: (previous) => previous });
  // The last page that came, shown while another is asked for and kept when one fails (spec §8).
  const [shown, setShown] = useState<WorkOrderPage>({ rows: [], total: 0 });
  if (data && data !== shown) setShown(data);

  // Orders changed elsewhere (a save, a delete, a push): the page is asked again.
  const firstVersion = useRef(version);
  useEffect(() => {
    if (version !== firstVersion.current) refetch();
  }, [version, refetch]);
  useEffect(() => {
    if (error) console.error('work orders could not be loaded', error);
  }, [error]);

  const original = (row: WorkOrder): WorkOrder => shown.rows.find((candidate) => candidate._id === row._id) ?? row;
  const settle = (id: string) =>
    setSavingStatus((current) => {
      const next = new Map(current);
      next.delete(id);
      return next;
    });
  const changeStatus = (row: WorkOrder, status: string) => {
    const order = original(row);
    setSavingStatus((current) => new Map(current).set(order._id, status));
    // Spec §7: PUT the whole order with the new status.
    api.update({ ...order, status }).then(
      () => {
        client.setQueryData<WorkOrderPage>(pageQuery.queryKey, (current) =>
          current ? { ...current, rows: current.rows.map((candidate) => (candidate._id === order._id ? { ...candidate, status } : candidate)) } : current,
        );
        settle(order._id);
        // The order may now sort or filter elsewhere.
        refetch();
      },
      (error: unknown) => {
        console.error('work order status could not be saved', error);
        settle(order._id);
      },
    );
  };

  const rows = useMemo<WorkOrderRow[]>(
    () => shown.rows.map((order) => ({ ...order, id: order._id, status: savingStatus.get(order._id) ?? order.status })),
    [shown.rows, savingStatus],
  );
  const savingIds = useMemo(() => new Set(savingStatus.keys()), [savingStatus]);
  const columns = workOrderColumns(
    config,
    { onEdit: (row) => onEdit(original(row)), onDelete: (row) => onDelete(original(row)), onStatusChange: changeStatus, savingIds },
    translate,
  );

  return (
    <RecordTable<WorkOrderRow>
      rows={rows}
      columns={columns}
      sort={sort.terms}
      onSortChange={(next) => {
        setSort(clickedSort(sort, next, config));
        setPaging({ query, page: 0 });
      }}
      loading={isFetching}
      page={page}
      onPageChange={(next) => setPaging({ query, page: next })}
      pageSize={pageSize}
      onPageSizeChange={setPageSize}
      serverTotal={shown.total}
      empty={translate('app.work_order_screen.no_orders')}
    />
  );
}
