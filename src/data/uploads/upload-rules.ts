import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { sniffMimeType } from '#contract/file-signatures.ts';
import { FILE_KINDS, type FileKind } from '#contract/files.ts';
import { readHead } from '@/data/uploads/upload-sniff';

export type FileRejection = 'type' | 'size';

/** One sentence per kind that says both rules, for either failure. */
export const FILE_RULE_MESSAGES: Record<FileKind, MessageDescriptor> = {
  image: msg`Choose a PNG, JPG, GIF or BMP image under 10 MB.`,
  cover: msg`Choose a PNG or JPG image under 10 MB.`,
  banner: msg`Choose a PNG or JPG image under 4 MB.`,
  video: msg`Choose an MP4 video under 150 MB.`,
  audio: msg`Choose an MP3 audio file under 150 MB.`,
  file: msg`Choose a PDF, image, MP4, MP3, ZIP or Office file under 300 MB.`,
};

/**
 * Size, declared MIME type and content (the first bytes only) against FILE_KINDS; the server
 * checks size and content again. Null when the file may be staged.
 */
export async function checkUpload(kind: FileKind, file: Blob): Promise<FileRejection | null> {
  const rule = FILE_KINDS[kind];
  const types = rule.types as readonly string[];
  if (!types.includes(file.type)) return 'type';
  if (file.size > rule.maxBytes) return 'size';
  const sniffed = sniffMimeType(await readHead(file));
  return sniffed && types.includes(sniffed) ? null : 'type';
}
