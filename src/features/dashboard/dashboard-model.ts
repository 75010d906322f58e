import { type DashboardRequest, dashboardAnswer } from '#contract/reports.ts';
import { apiPost } from '@/data/http/api';

export const dashboardKey = (range: DashboardRequest) =>
  ['dashboard', range.from, range.to, range.timeZone] as const;

export const fetchDashboard = (range: DashboardRequest, signal?: AbortSignal) =>
  apiPost('/v1/Report/Dashboard', { schema: dashboardAnswer, body: range, signal });
