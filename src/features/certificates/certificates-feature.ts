import { defineFeature } from '@/ui/feature/feature';
import { certificateTemplateView } from './certificate-views';

export const CERTIFICATES_PATH = '/home/certificate';

/**
 * Certificates (issue 10): the templates. The drawer item stays "coming in a later release"
 * (app/menu PLANNED_ITEMS) until the canvas editor is built; the list opens at its path.
 */
export const certificatesFeature = defineFeature({
  id: 'certificates',
  routes: [{ path: CERTIFICATES_PATH, view: certificateTemplateView }],
});
