import type { Table } from 'dexie';
import type { FileKind } from '#contract/files.ts';
import type { LocalDb } from '@/data/db/local-db';
import type { BlobEntry } from '@/data/db/local-types';

/** queued: waits for its turn; uploading: the server holds part of it; done: uploaded; failed: refused for good. */
export type UploadState = 'queued' | 'uploading' | 'done' | 'failed';

export interface UploadProblem {
  httpStatus: number;
  message: string;
}

/**
 * A staged file and everything needed to resume its upload after the tab closed. `name` is the
 * file's name; once done, `blob` is emptied (the server has the bytes) and `fileUrl` is set.
 */
export interface UploadEntry extends BlobEntry {
  kind: FileKind;
  size: number;
  state: UploadState;
  /** The tus upload's URL once created; a resume HEADs it for the server's offset. */
  uploadUrl?: string;
  /** Bytes the server acknowledged (persisted after each slice). */
  offset: number;
  fileUrl?: string;
  fileId?: string;
  error?: UploadProblem;
}

/** The blobs table with the upload fields (entries staged before the upload engine lack them). */
export const uploadsOf = (db: LocalDb) => db.blobs as unknown as Table<UploadEntry, string>;

/** What an upload pass ended with, in the sync round's terms. */
export type UploadOutcome =
  | { kind: 'done'; uploaded: number }
  | { kind: 'transient'; httpStatus: number; message: string; retryAfterMs?: number }
  | { kind: 'auth'; message: string };

/** Uploads what is due on one database; the sync round runs it between pushes. */
export type UploadRunner = (db: LocalDb, signal: AbortSignal) => Promise<UploadOutcome>;
