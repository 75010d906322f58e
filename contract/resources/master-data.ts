import { z } from 'zod';
import { defineResource } from '../resource.ts';

/** Master data (spec: type of content, type of knowledge): a name and a description each. */
const masterData = <const N extends string>(name: N) =>
  defineResource({
    name,
    area: 'settingNotification',
    fields: z.object({
      name: z.string().trim().min(1, 'Please enter a name.').max(100, 'Use at most 100 characters.'),
      description: z.string().trim().max(500, 'Use at most 500 characters.').default(''),
    }),
    searchable: ['name', 'description'],
    sortable: ['name'],
    defaultSort: { field: 'name', dir: 'asc' },
    exportColumns: ['name', 'description'],
  });

export const typeOfContent = masterData('TypeOfContent');
export const typeOfKnowledge = masterData('TypeOfKnowledge');
