import type { Database } from '../db/client';

export type Row = Record<string, unknown> & { _id: string };

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
