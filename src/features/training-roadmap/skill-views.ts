import { msg } from '@lingui/core/macro';
import type { FieldView } from '@/ui/resource/view-config';
import { defineView } from '@/ui/resource/view-config';

// The skill chart's settings: skills (main topics and sub-topics with the criteria of each
// level), the level each position requires, and the assessment history.

const trail = [msg`Training roadmap (ISO)`, msg`Skill chart`];

export const LEVEL_LABELS = [msg`Level 0`, msg`Level 1`, msg`Level 2`, msg`Level 3`, msg`Level 4`] as const;

const criteria = (level: 0 | 1 | 2 | 3 | 4): FieldView => ({
  label: LEVEL_LABELS[level],
  widget: { kind: 'textarea' },
});

export const skillView = defineView({
  resource: 'Skill',
  title: msg`Skills`,
  trail,
  fields: {
    name: { label: msg`Name`, widget: { kind: 'text' } },
    parentId: {
      label: msg`Main topic`,
      // Two levels: only a main topic can hold sub-topics (the server refuses anything else).
      widget: { kind: 'ref', resource: 'Skill', labelFields: ['name'], choosable: (row) => !row.parentId },
    },
    description: { label: msg`Description`, widget: { kind: 'textarea' } },
    criteria0: criteria(0),
    criteria1: criteria(1),
    criteria2: criteria(2),
    criteria3: criteria(3),
    criteria4: criteria(4),
    courseIds: {
      label: msg`Courses that teach this skill`,
      widget: { kind: 'refs', resource: 'Course', labelFields: ['name'], noneLabel: msg`No course chosen.` },
    },
  },
  columns: ['name', 'parentId', 'description'],
  filters: ['parentId'],
  titleField: 'name',
  emptyHint: msg`Add a main topic (for example Safety), then its sub-topics with what each level means.`,
  messages: {
    add: msg`Add skill`,
    edit: msg`Edit skill`,
    created: msg`Skill added successfully.`,
    updated: msg`Skill updated successfully.`,
    deleted: msg`Skill deleted successfully.`,
  },
});

export const skillRequirementView = defineView({
  resource: 'SkillRequirement',
  title: msg`Required levels`,
  trail,
  fields: {
    positionId: {
      label: msg`Position`,
      widget: { kind: 'ref', resource: 'Position', labelFields: ['name'] },
    },
    skillId: { label: msg`Skill`, widget: { kind: 'ref', resource: 'Skill', labelFields: ['name'] } },
    level: { label: msg`Required level`, widget: { kind: 'number' } },
  },
  columns: ['positionId', 'skillId', 'level'],
  filters: ['positionId', 'skillId'],
  titleField: 'skillId',
  emptyHint: msg`Say which level of each skill a position needs; the skill chart compares people with it.`,
  messages: {
    add: msg`Add required level`,
    edit: msg`Edit required level`,
    created: msg`Required level added successfully.`,
    updated: msg`Required level updated successfully.`,
    deleted: msg`Required level deleted successfully.`,
  },
});

export const skillAssessmentView = defineView({
  resource: 'SkillAssessment',
  title: msg`Assessments`,
  trail,
  fields: {
    userId: {
      label: msg`Person`,
      widget: { kind: 'ref', resource: 'User', labelFields: ['firstName', 'lastName'] },
    },
    skillId: { label: msg`Skill`, widget: { kind: 'ref', resource: 'Skill', labelFields: ['name'] } },
    level: { label: msg`Level reached`, widget: { kind: 'number' }, half: true },
    assessedOn: { label: msg`Assessed on`, widget: { kind: 'date' }, half: true },
    dueOn: { label: msg`Re-assess by`, widget: { kind: 'date' }, half: true },
    assessorId: {
      label: msg`Assessor`,
      widget: { kind: 'ref', resource: 'User', labelFields: ['firstName', 'lastName'], readOnly: true },
      half: true,
    },
    evidence: { label: msg`Evidence`, widget: { kind: 'textarea' } },
    evidenceFile: { label: msg`Evidence file`, widget: { kind: 'file' } },
  },
  columns: ['userId', 'skillId', 'level', 'assessedOn', 'dueOn', 'assessorId'],
  filters: ['userId', 'skillId'],
  titleField: 'userId',
  emptyHint: msg`Record what level a person reached in a skill, with the evidence; the latest assessment counts.`,
  messages: {
    add: msg`Add assessment`,
    edit: msg`Edit assessment`,
    created: msg`Assessment saved successfully.`,
    updated: msg`Assessment updated successfully.`,
    deleted: msg`Assessment deleted successfully.`,
  },
});
