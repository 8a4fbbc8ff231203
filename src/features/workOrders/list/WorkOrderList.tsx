import { useEffect, useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { TABLE_PAGE_SIZE } from '../../../../common/constants';
import type { WorkOrder, WorkOrderConfig } from '../../../../common/resources/workOrder';
import { RecordTable } from '../../../shared/ui/recordTable/RecordTable';
import { serverPageQuery } from '../../tables/serverPaging';
import { useWorkOrderApi, type WorkOrderPage, type WorkOrderQuery } from '../workOrderApi';
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

interface PageRequest {
  query: WorkOrderQuery;
  page: number;
  pageSize: number;
  sort: WorkOrderSort;
  version: number;
  reloads: number;
}

/**
 * The List tab (spec §2.8): one page at a time from the server (`range`, `filters`, `search`,
 * `sort`, the total from Content-Range), so the list stays quick with ten thousand orders. A
 * row's status is saved the moment it is picked. Spec §8: a failed load or save is only logged;
 * the rows shown stay as they were.
 */
export function WorkOrderList({ config, query, version, onEdit, onDelete }: WorkOrderListProps) {
  const translate = useTranslate();
  const api = useWorkOrderApi();
  // A new filter or search starts at the first page; the page is kept with the query it belongs to.
  const [paging, setPaging] = useState({ query, page: 0 });
  const page = paging.query === query ? paging.page : 0;
  const [pageSize, setPageSize] = useState(TABLE_PAGE_SIZE);
  const [sort, setSort] = useState<WorkOrderSort>(() => defaultSort(config));
  const [reloads, setReloads] = useState(0);
  const [shown, setShown] = useState<WorkOrderPage>({ rows: [], total: 0 });
  const [answered, setAnswered] = useState<PageRequest | null>(null);
  // Status changes being saved: row id → the status picked, shown until the save is over.
  const [savingStatus, setSavingStatus] = useState<ReadonlyMap<string, string>>(new Map());

  const request = useMemo<PageRequest>(() => ({ query, page, pageSize, sort, version, reloads }), [query, page, pageSize, sort, version, reloads]);
  useEffect(() => {
    const controller = new AbortController();
    const params = { ...serverPageQuery({ page: request.page, itemsPerPage: request.pageSize, search: '', sortBy: [], sortDesc: [] }, ''), sort: sortParam(request.sort) };
    api.page(request.query, params, controller.signal).then(
      (answer) => {
        setShown(answer);
        setAnswered(request);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('work orders could not be loaded', error);
        setAnswered(request);
      },
    );
    return () => controller.abort();
  }, [api, request]);
  const loading = answered !== request;

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
        setShown((current) => ({ ...current, rows: current.rows.map((candidate) => (candidate._id === order._id ? { ...candidate, status } : candidate)) }));
        settle(order._id);
        // The order may now sort or filter elsewhere.
        setReloads((count) => count + 1);
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
      loading={loading}
      page={page}
      onPageChange={(next) => setPaging({ query, page: next })}
      pageSize={pageSize}
      onPageSizeChange={setPageSize}
      serverTotal={shown.total}
      empty={translate('app.work_order_screen.no_orders')}
    />
  );
}
