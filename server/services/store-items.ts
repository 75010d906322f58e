import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { STATUS } from '#contract/envelope.ts';
import { SNIFF_BYTES } from '#contract/file-signatures.ts';
import type { FileKind } from '#contract/files.ts';
import { minutesOf } from '#contract/media.ts';
import { RESOURCES } from '#contract/registry.ts';
import type { ResourceDef } from '#contract/resource.ts';
import { CONTENT_FILE_KINDS, type ContentResource } from '#contract/resources/content.ts';
import {
  type AddToLibraryRequest,
  PLATFORM_COMPANY_ID,
  STORE_ALREADY_ADDED,
  STORE_ITEM_MISSING,
  type StoreAddition,
  storeItem,
} from '#contract/resources/store-item.ts';
import { files, storeAdditions } from '../db/schema.ts';
import { ApiError, notFound } from '../lib/api-error.ts';
import { bytesInMemory } from '../lib/media-probe.ts';
import { fileIdOf } from '../resources/file-refs.ts';
import { applyOp, type Outcome } from '../resources/operations.ts';
import { zodInvalid } from '../resources/record-shape.ts';
import { recordsRepository } from '../resources/records-repository.ts';
import type { Scope, Tx } from '../resources/repository-types.ts';
import { storeRepository } from '../resources/store-repository.ts';
import { checkMedia } from './media-files.ts';
import { checkContentType, recordFile } from './uploads.ts';

/** A file already written to the file store under `storagePath`, to record for the platform. */
/** A file already in the store; `head` holds its bytes (whole, for a sound or video to be read). */
export type StoredFile = { storagePath: string; fileName: string; size: number; head: Uint8Array };

export type PublishInput = {
  id: string;
  kind: ContentResource;
  title: string;
  description?: string;
  body?: string;
  minutes?: number;
  typeOfContentName?: string;
  typeOfKnowledgeName?: string;
  cover?: StoredFile;
  file?: StoredFile;
};

const platformScope: Scope = { companyId: PLATFORM_COMPANY_ID, userId: '', resource: 'StoreItem' };

/**
 * Publishes one store item for the platform: its files pass the upload route's checks and are
 * recorded like any upload, then the record is checked against the contract. Used by the seed;
 * an item whose id exists already is left as it is (publishing is idempotent).
 */
export async function publishStoreItem(tx: Tx, input: PublishInput) {
  if (await recordsRepository.find(tx, platformScope, input.id)) return false;
  let seconds: number | undefined;
  const record = async (f: StoredFile | undefined, kind: FileKind) => {
    if (!f) return '';
    const mimeType = checkContentType(kind, f.head.subarray(0, SNIFF_BYTES), f.fileName);
    // The same media rules and readings as an upload (a store video under 720 lines, its minutes).
    const media = await checkMedia(bytesInMemory(Buffer.from(f.head)), kind, mimeType);
    const stored = await recordFile(
      tx,
      {
        id: f.storagePath,
        companyId: PLATFORM_COMPANY_ID,
        ownerId: null,
        kind,
        fileName: f.fileName,
        mimeType,
        size: f.size,
        storagePath: f.storagePath,
      },
      media,
    );
    seconds ??= media?.durationSeconds;
    return stored.url;
  };
  const { cover, file, id, ...fields } = input;
  const parsed = storeItem.create.safeParse({
    ...fields,
    id,
    cover: await record(cover, 'cover'),
    file: await record(file, CONTENT_FILE_KINDS[input.kind]),
    fileSize: file?.size ?? 0,
  });
  // A sound's or video's minutes are read from it, like those of a company's own media.
  if (parsed.success && seconds !== undefined) parsed.data.minutes = minutesOf(seconds);
  if (!parsed.success) throw zodInvalid(parsed.error);
  const { id: _, ...data } = parsed.data;
  await recordsRepository.insert(tx, platformScope, id, data);
  return true;
}

/**
 * A copy of a platform file for the company: a new files row (its own id and URL) naming the same
 * stored bytes. Nothing deletes stored bytes a files row names, so the copies share them safely.
 */
async function copyFile(tx: Tx, scope: Scope, url: unknown) {
  const fileId = fileIdOf(url);
  if (!fileId) return '';
  const [f] = await tx
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.companyId, PLATFORM_COMPANY_ID)))
    .limit(1);
  if (!f) return '';
  const copy = await recordFile(
    tx,
    {
      id: uuidv7(),
      companyId: scope.companyId,
      ownerId: scope.userId,
      kind: f.kind as FileKind,
      fileName: f.fileName,
      mimeType: f.mimeType,
      size: f.size,
      storagePath: f.storagePath,
    },
    // A copy keeps what was read from the bytes (a video's minutes come from it).
    f.durationSeconds === null
      ? undefined
      : { durationSeconds: f.durationSeconds, width: f.width, height: f.height },
  );
  return copy.url;
}

/** The company's additions from the store, newest first. */
export async function additionsOf(tx: Tx, companyId: string): Promise<StoreAddition[]> {
  const rows = await tx
    .select()
    .from(storeAdditions)
    .where(eq(storeAdditions.companyId, companyId))
    .orderBy(storeAdditions.createdAt);
  return rows.map((r) => ({
    storeItemId: r.storeItemId,
    resource: r.resource as ContentResource,
    contentId: r.contentId,
    createdAt: r.createdAt.toISOString(),
  }));
}

const alreadyAdded = (existing: StoreAddition) =>
  new ApiError(409, STATUS.conflict, STORE_ALREADY_ADDED, existing);

/**
 * Copies a store item into a topic of the caller's company, once: an Article, Sound or Video made
 * through applyOp (the same rules as an API write: the topic must be the company's), with files
 * of its own. A second addition of the item is refused with 409 and the first addition.
 */
export async function addToLibrary(
  tx: Tx,
  scope: Omit<Scope, 'resource'>,
  { storeItemId, topicId }: AddToLibraryRequest,
): Promise<Outcome> {
  const row = await storeRepository.find(tx, { ...scope, resource: 'StoreItem' }, storeItemId);
  if (!row || row.deletedAt) throw notFound(STORE_ITEM_MISSING);
  const item = row.data as Record<string, unknown> & { kind: ContentResource };
  const [existing] = await tx
    .select()
    .from(storeAdditions)
    .where(and(eq(storeAdditions.companyId, scope.companyId), eq(storeAdditions.storeItemId, storeItemId)));
  if (existing) {
    throw alreadyAdded({
      storeItemId,
      resource: existing.resource as ContentResource,
      contentId: existing.contentId,
      createdAt: existing.createdAt.toISOString(),
    });
  }
  const resource = item.kind;
  const contentScope = { ...scope, resource };
  const contentId = uuidv7();
  const payload: Record<string, unknown> = {
    id: contentId,
    title: item.title,
    description: item.description ?? '',
    topicId,
    cover: await copyFile(tx, contentScope, item.cover),
    file: await copyFile(tx, contentScope, item.file),
    minutes: item.minutes ?? 0,
  };
  if (resource === 'Article') payload.body = item.body ?? '';
  const created = await applyOp(
    tx,
    contentScope,
    RESOURCES[resource] as unknown as ResourceDef,
    'create',
    payload,
  );
  const [added] = await tx
    .insert(storeAdditions)
    .values({ companyId: scope.companyId, storeItemId, contentId, resource })
    .onConflictDoNothing()
    .returning();
  // Another addition of the item committed first: this transaction rolls back with the refusal.
  if (!added) {
    const [first] = await tx
      .select()
      .from(storeAdditions)
      .where(and(eq(storeAdditions.companyId, scope.companyId), eq(storeAdditions.storeItemId, storeItemId)));
    throw alreadyAdded({
      storeItemId,
      resource: (first?.resource ?? resource) as ContentResource,
      contentId: first?.contentId ?? contentId,
      createdAt: (first?.createdAt ?? new Date()).toISOString(),
    });
  }
  const addition: StoreAddition = {
    storeItemId,
    resource,
    contentId,
    createdAt: added.createdAt.toISOString(),
  };
  // `id` names the content made (the idempotency record keeps it as the record id).
  const data = { id: contentId, ...addition, content: created.data };
  return { httpStatus: 200, status: STATUS.ok, message: 'Added to the library.', data: data as never };
}
