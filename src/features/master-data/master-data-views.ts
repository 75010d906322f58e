import { msg } from '@lingui/core/macro';
import { defineView } from '@/ui/resource/view-config';

/** Master data (spec: type of content, type of knowledge): a name and a description each. */
const fields = {
  name: { label: msg`Name`, widget: { kind: 'text' } },
  description: { label: msg`Description`, widget: { kind: 'textarea' } },
} as const;

export const typeOfContentView = defineView({
  resource: 'TypeOfContent',
  title: msg`Type of content`,
  trail: [msg`Master data`],
  fields,
  columns: ['name', 'description'],
  titleField: 'name',
  messages: {
    add: msg`Add type of content`,
    edit: msg`Edit type of content`,
    created: msg`Type of content added successfully.`,
    updated: msg`Type of content updated successfully.`,
    deleted: msg`Type of content deleted successfully.`,
  },
});

export const typeOfKnowledgeView = defineView({
  resource: 'TypeOfKnowledge',
  title: msg`Type of knowledge`,
  trail: [msg`Master data`],
  fields,
  columns: ['name', 'description'],
  titleField: 'name',
  messages: {
    add: msg`Add type of knowledge`,
    edit: msg`Edit type of knowledge`,
    created: msg`Type of knowledge added successfully.`,
    updated: msg`Type of knowledge updated successfully.`,
    deleted: msg`Type of knowledge deleted successfully.`,
  },
});
