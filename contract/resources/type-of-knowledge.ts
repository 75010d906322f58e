import { z } from 'zod';
import { defineResource } from '../resource.ts';

export const typeOfKnowledge = defineResource({
  name: 'TypeOfKnowledge',
  area: 'settingNotification',
  route: '/MasterData/type-of-knowledge',
  fields: z.object({
    name: z.string().trim().min(1, 'Please enter a name.').max(100, 'Use at most 100 characters.'),
    description: z.string().trim().max(500, 'Use at most 500 characters.').default(''),
  }),
  searchable: ['name', 'description'],
  sortable: ['name'],
  defaultSort: { field: 'name', dir: 'asc' },
  exportColumns: ['name', 'description'],
});
