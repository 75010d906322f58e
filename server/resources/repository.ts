import { departmentsRepository } from './departments-repository.ts';
import { recordsRepository } from './records-repository.ts';
import type { ResourceRepository } from './repository-types.ts';
import { rolesRepository } from './roles-repository.ts';
import { storeRepository } from './store-repository.ts';
import { usersRepository } from './users-repository.ts';

const OWN_TABLES: Record<string, ResourceRepository> = {
  User: usersRepository,
  Department: departmentsRepository,
  Role: rolesRepository,
  StoreItem: storeRepository,
};

export const repositoryFor = (resource: string): ResourceRepository =>
  OWN_TABLES[resource] ?? recordsRepository;
