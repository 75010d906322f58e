import { PLATFORM_COMPANY_ID } from '#contract/resources/store-item.ts';
import { recordsRepository } from './records-repository.ts';
import type { ResourceRepository, Scope } from './repository-types.ts';

/** The platform's rows, whoever asks: the store is one catalogue shared by every company. */
const platform = (scope: Scope): Scope => ({ ...scope, companyId: PLATFORM_COMPANY_ID });

/**
 * The content store (StoreItem): records of the platform company in the generic `records`
 * table, read by every company (List, Get, Pull) and written by none through the API. The
 * platform publishes with `publishStoreItem` (server/services/store-items.ts), which writes
 * with `recordsRepository` directly. Cursors work unchanged: seq is one sequence for all rows.
 */
export const storeRepository: ResourceRepository = {
  table: 'records',
  list: (tx, scope, q) => recordsRepository.list(tx, platform(scope), q),
  find: (tx, scope, id) => recordsRepository.find(tx, platform(scope), id),
  idTaken: (tx, id) => recordsRepository.idTaken(tx, id),
  changes: (tx, scope, afterSeq, limit) => recordsRepository.changes(tx, platform(scope), afterSeq, limit),
  // Writes never reach here (applyOp refuses a read-only resource); match nothing to be sure.
  insert: async () => undefined,
  update: async () => undefined,
  remove: async () => undefined,
  lockWrites: async () => undefined,
};
