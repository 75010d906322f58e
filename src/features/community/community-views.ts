import { msg } from '@lingui/core/macro';
import { defineView } from '@/ui/resource/view-config';

export const COMMUNITY_PATH = '/home/community';
export const EXPERT_PATH = '/home/community/expert-consultant';
export const FAQ_PATH = '/home/community/frequently-asked-question';

/**
 * Questions learners ask the expert (spec: question, answer, send date; the list shows status,
 * asker and topic). The asker, send date and status are the server's; saving an answer sends it.
 */
export const expertQuestionView = defineView({
  resource: 'ExpertQuestion',
  title: msg`Expert consultation`,
  trail: [msg`Home`, msg`Community`],
  fields: {
    question: { label: msg`Question`, widget: { kind: 'textarea' }, fixedOnEdit: true },
    topic: { label: msg`Topic`, half: true, widget: { kind: 'text' } },
    askerName: { label: msg`Asked by`, half: true, widget: { kind: 'text' }, fixedOnEdit: true },
    sendDate: { label: msg`Send date`, half: true, widget: { kind: 'datetime' }, fixedOnEdit: true },
    status: {
      label: msg`Status`,
      half: true,
      fixedOnEdit: true,
      widget: {
        kind: 'select',
        options: [
          { value: 'waiting', label: msg`Waiting for an answer` },
          { value: 'answered', label: msg`Answered` },
        ],
      },
    },
    answer: { label: msg`Answer`, widget: { kind: 'textarea' } },
    askerId: { label: msg`Asked by`, widget: { kind: 'kept' } },
    answeredAt: { label: msg`Answered on`, widget: { kind: 'kept' } },
  },
  columns: ['question', 'topic', 'askerName', 'sendDate', 'status'],
  titleField: 'question',
  emptyTitle: msg`No questions yet`,
  messages: {
    add: msg`Add question`,
    edit: msg`Answer the question`,
    created: msg`Q&A added successfully.`,
    updated: msg`Answer sent successfully.`,
    deleted: msg`Q&A deleted successfully.`,
  },
});
