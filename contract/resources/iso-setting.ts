import { z } from 'zod';
import { defineResource } from '../resource.ts';

// Training roadmap (ISO 9001 clause 7.2, competence): the sections of the company and the
// positions in them, the rows by which the skill chart groups people.

export const SECTION_NAME_TAKEN = 'A section with this name already exists.';
export const POSITION_NAME_TAKEN = 'This section already has a position with this name.';
export const POSITION_SECTION_MISSING = 'Choose a section of your company.';
export const POSITION_HOLDER_NOT_IN_COMPANY = 'Every holder must be a user of your company.';
export const sectionInUse = (positions: number) =>
  `This section still has ${positions} position(s). Move or delete them first.`;
export const SECTION_IN_USE = /^This section still has (\d+) position\(s\)\. Move or delete them first\.$/;

export const section = defineResource({
  name: 'Section',
  area: 'skillMatrix',
  fields: z.object({
    name: z.string().trim().min(1, 'Please enter a name.').max(200, 'Use at most 200 characters.'),
    description: z.string().trim().max(1000, 'Use at most 1000 characters.').default(''),
  }),
  searchable: ['name', 'description'],
  sortable: ['name'],
  defaultSort: { field: 'name', dir: 'asc' },
  exportColumns: ['name', 'description'],
});

/** A position belongs to one section; its holders are a field (the whole list), like a group's members. */
export const position = defineResource({
  name: 'Position',
  area: 'skillMatrix',
  fields: z.object({
    name: z.string().trim().min(1, 'Please enter a name.').max(200, 'Use at most 200 characters.'),
    sectionId: z.uuid(POSITION_SECTION_MISSING),
    description: z.string().trim().max(1000, 'Use at most 1000 characters.').default(''),
    holderIds: z.array(z.uuid()).max(10_000).default([]),
  }),
  searchable: ['name', 'description'],
  sortable: ['name'],
  defaultSort: { field: 'name', dir: 'asc' },
  exportColumns: ['name', 'sectionId', 'description'],
});
