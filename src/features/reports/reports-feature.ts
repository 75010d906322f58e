import { REPORTS } from '#contract/reports.ts';
import { defineFeature } from '@/ui/feature/feature';
import { REPORT_CONFIG } from './report-config';

const reportPage = () => import('./report-page');

/** The seven reports of /report/* (issue 12): one page driven by contract/reports.ts. */
export const reportsFeature = defineFeature({
  id: 'reports',
  routes: Object.entries(REPORT_CONFIG).map(([name, config]) => {
    const def = REPORTS[name as keyof typeof REPORTS];
    return {
      path: `/report/${def.path}`,
      page: reportPage,
      menu: { id: config.menuId, group: 'report', label: config.title, area: def.area },
    };
  }),
});
