import { msg } from '@lingui/core/macro';
import { defineFeature } from '@/ui/feature/feature';
import { todayLocal } from '@/ui/resource/form/date-values';
import { defineView } from '@/ui/resource/view-config';

/** Frequently asked questions (spec: question, answer, send date). */
export const faqView = defineView({
  resource: 'Faq',
  title: msg`Frequently asked questions`,
  trail: [msg`Home`, msg`Community`],
  fields: {
    question: { label: msg`Question`, widget: { kind: 'textarea' } },
    answer: { label: msg`Answer`, widget: { kind: 'textarea' } },
    sendDate: { label: msg`Send date`, widget: { kind: 'date' } },
  },
  columns: ['question', 'answer', 'sendDate'],
  titleField: 'question',
  initial: () => ({ sendDate: todayLocal() }),
  messages: {
    add: msg`Add question`,
    edit: msg`Edit question`,
    created: msg`FAQ added successfully.`,
    updated: msg`FAQ updated successfully.`,
    deleted: msg`FAQ deleted successfully.`,
  },
});

export const faqFeature = defineFeature({
  id: 'faq',
  routes: [
    {
      path: '/home/community/frequently-asked-question',
      view: faqView,
      menu: { id: 'faq', group: 'home', label: msg`Frequently asked questions` },
    },
  ],
});
