import { z } from 'zod';

/** `{Resource}/Delete` and a Push delete: the id, and the revision it was based on when known. */
export const deleteRequest = z.object({ id: z.uuid(), rev: z.number().int().min(1).optional() });
export type DeleteRequest = z.infer<typeof deleteRequest>;
