import { msg } from '@lingui/core/macro';
import { CERTIFICATE_LANGUAGES } from '#contract/resources/certificate.ts';
import { defineView } from '@/ui/resource/view-config';
import { ADD_CERTIFICATE_PATH, editCertificatePath } from './certificate-paths';

const LANGUAGE_LABELS = {
  en: msg`English`,
  th: msg`Thai`,
  vi: msg`Vietnamese`,
  my: msg`Myanmar`,
  zh: msg`Chinese`,
} as const;

/**
 * Certificate templates (spec sections 2 and 3): the list; "Add" and "Edit" open the canvas
 * editor (certificate-editor-page.tsx).
 */
export const certificateTemplateView = defineView({
  resource: 'CertificateTemplate',
  title: msg`Certificate templates`,
  trail: [msg`Home`],
  fields: {
    background: { label: msg`Background picture`, widget: { kind: 'image' } },
    name: { label: msg`Template name`, widget: { kind: 'text' } },
    language: {
      label: msg`Language of the date and result`,
      widget: {
        kind: 'select',
        options: CERTIFICATE_LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_LABELS[l] })),
      },
    },
    width: { label: msg`Width (points)`, widget: { kind: 'number' }, half: true },
    height: { label: msg`Height (points)`, widget: { kind: 'number' }, half: true },
    elements: { label: msg`Elements`, widget: { kind: 'kept' } },
  },
  columns: ['background', 'name', 'language'],
  titleField: 'name',
  editor: { add: ADD_CERTIFICATE_PATH, edit: editCertificatePath },
  emptyHint: msg`Add a template, then name it in a course to give its learners a certificate.`,
  messages: {
    add: msg`Add certificate template`,
    edit: msg`Edit certificate template`,
    created: msg`Certificate template added successfully.`,
    updated: msg`Certificate template updated successfully.`,
    deleted: msg`Certificate template deleted successfully.`,
  },
});
