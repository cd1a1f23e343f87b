import type { ReportBody, ViolationReport } from '../contracts/community.ts';
import { op } from './operation.ts';

/** Violation reports (SPEC.md: /violation-reports). */
export const REPORTS = {
  types: op<object, { key: string; text: string }[]>('GET', '/violation-reports/types'),
  create: op<{ body: ReportBody }, ViolationReport>('POST', '/violation-reports'),
};
