import type { Report } from '../../../common/resources/report';

export type ReportRecord = Report & { id: string };
