import { msg } from '@lingui/core/macro';
import { defineFeature } from '@/ui/feature/feature';
import { ADD_CERTIFICATE_PATH, CERTIFICATES_PATH, EDIT_CERTIFICATE_PATH } from './certificate-paths';
import { certificateTemplateView } from './certificate-views';

/** Certificates (issue 10): the templates' list, and the canvas editor for adding and editing one. */
export const certificatesFeature = defineFeature({
  id: 'certificates',
  routes: [
    {
      path: CERTIFICATES_PATH,
      view: certificateTemplateView,
      menu: { id: 'certificate', group: 'home', label: msg`Certificates` },
    },
    { path: ADD_CERTIFICATE_PATH, page: () => import('./certificate-editor-page') },
    { path: EDIT_CERTIFICATE_PATH, page: () => import('./certificate-editor-page') },
  ],
});
