import type { TableRecord as Table } from '../../../common/resources/table';

export type TableAdminRecord = Table & { id: string };
