import { msg } from '@lingui/core/macro';
import { defineFeature } from '@/ui/feature/feature';
import { defineView } from '@/ui/resource/view-config';
import { skillAssessmentView, skillRequirementView, skillView } from './skill-views';

// Training roadmap (ISO): the skill chart (skill-chart-page.tsx) and its settings, the sections of
// the company and the positions in them.
// The drawer opens the QR contact dialog instead when the role has no ISO access (app/menu).

const trail = [msg`Training roadmap (ISO)`];

export const sectionView = defineView({
  resource: 'Section',
  title: msg`Sections`,
  trail,
  fields: {
    name: { label: msg`Name`, widget: { kind: 'text' } },
    description: { label: msg`Description`, widget: { kind: 'textarea' } },
  },
  columns: ['name', 'description'],
  titleField: 'name',
  messages: {
    add: msg`Add section`,
    edit: msg`Edit section`,
    created: msg`Section added successfully.`,
    updated: msg`Section updated successfully.`,
    deleted: msg`Section deleted successfully.`,
  },
});

export const positionView = defineView({
  resource: 'Position',
  title: msg`Positions`,
  trail,
  fields: {
    name: { label: msg`Name`, widget: { kind: 'text' } },
    sectionId: { label: msg`Section`, widget: { kind: 'ref', resource: 'Section', labelFields: ['name'] } },
    description: { label: msg`Description`, widget: { kind: 'textarea' } },
    holderIds: {
      label: msg`People in this position`,
      widget: {
        kind: 'refs',
        resource: 'User',
        labelFields: ['firstName', 'lastName'],
        noneLabel: msg`Nobody holds this position yet.`,
      },
    },
  },
  columns: ['name', 'sectionId', 'description'],
  titleField: 'name',
  messages: {
    add: msg`Add position`,
    edit: msg`Edit position`,
    created: msg`Position added successfully.`,
    updated: msg`Position updated successfully.`,
    deleted: msg`Position deleted successfully.`,
  },
});

export const trainingRoadmapFeature = defineFeature({
  id: 'training-roadmap',
  routes: [
    {
      path: '/trainingroadmap/skillchart',
      page: () => import('./skill-chart-page'),
      menu: { id: 'skillchart', group: 'trainingroadmapiso', label: msg`Skill chart`, area: 'skillMatrix' },
    },
    {
      path: '/trainingroadmap/settingsection',
      view: sectionView,
      menu: { id: 'settingsection', group: 'trainingroadmapiso', label: msg`Sections` },
    },
    {
      path: '/trainingroadmap/settingposition',
      view: positionView,
      menu: { id: 'settingposition', group: 'trainingroadmapiso', label: msg`Positions` },
    },
  ],
  views: [skillView, skillRequirementView, skillAssessmentView],
});
