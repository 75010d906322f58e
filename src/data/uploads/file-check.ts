import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { SNIFF_BYTES, sniffMimeType } from '#contract/file-signatures.ts';
import {
  extensionOf,
  extensionsOf,
  FILE_KINDS,
  type FileKind,
  type FileRule,
  isPictureKind,
  TYPE_EXTENSIONS,
} from '#contract/files.ts';

/**
 * The one client check of a picked file against its kind's rules (contract/files.ts), in the
 * order an admin can fix them: name, size, content (first bytes), then whether a picture decodes
 * (as the server checks it, server/lib/picture-check.ts) and a video's picture height. The
 * browser's declared type is not used: it only echoes the extension. The server checks name,
 * size and content again; nothing here is trusted.
 */
export type FileProblem = 'extension' | 'size' | 'content' | 'damaged' | 'dimensions';

const MB = 1024 * 1024;

/** One name per accepted type for people: "PNG, JPG". */
export const typeNamesOf = (kind: FileKind) =>
  (FILE_KINDS[kind].types as readonly string[]).map((type) =>
    (TYPE_EXTENSIONS[type]?.[0] ?? type).toUpperCase(),
  );

/** The file picker's `accept`: types and extensions. */
export const acceptOf = (kind: FileKind) =>
  [...FILE_KINDS[kind].types, ...extensionsOf(kind).map((e) => `.${e}`)].join(',');

/** Whole megabytes of the limit, rounded up (banner: "under 4 MB"). */
export const maxMegabytes = (kind: FileKind) => Math.ceil(FILE_KINDS[kind].maxBytes / MB);

/** The picture height a kind must stay under (video: 720), if it has such a rule. */
export const heightBelowOf = (kind: FileKind): number | undefined =>
  (FILE_KINDS[kind] as FileRule).heightBelow;

/** Reads only the first SNIFF_BYTES of the Blob, never the whole file. */
export async function readHead(blob: Blob): Promise<Uint8Array> {
  return new Uint8Array(await blob.slice(0, SNIFF_BYTES).arrayBuffer());
}

/** A video's picture height from its metadata (the browser reads only what it needs). */
export function videoHeight(file: Blob): Promise<number | null> {
  if (typeof document === 'undefined') return Promise.resolve(null);
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    const done = (height: number | null) => {
      URL.revokeObjectURL(url);
      video.removeAttribute('src');
      resolve(height);
    };
    video.preload = 'metadata';
    video.onloadedmetadata = () => done(video.videoHeight || null);
    video.onerror = () => done(null);
    video.src = url;
  });
}

/**
 * Whether the browser can decode a picture, null where it has no decoder (then the server decides).
 * A damaged picture is refused now, not after it waited in the outbox for the server to refuse it.
 */
export async function pictureDecodes(file: Blob): Promise<boolean | null> {
  if (typeof createImageBitmap !== 'function') return null;
  try {
    (await createImageBitmap(file)).close();
    return true;
  } catch (err) {
    // The spec's answer to data that does not decode; anything else (a TypeError where a Blob is
    // not a source it takes) says nothing about the file.
    const name = (err as { name?: string } | null)?.name;
    return name === 'InvalidStateError' || name === 'EncodingError' ? false : null;
  }
}

type Options = {
  /** The picture height of a file, null when unknown (then the server's probe decides). */
  heightOf?: (file: Blob) => Promise<number | null>;
  /** Whether a picture decodes, null when unknown (then the server's check decides). */
  decodes?: (file: Blob) => Promise<boolean | null>;
};

/** The first rule `file` breaks for `kind`, or null when it may be staged. */
export async function checkFile(
  kind: FileKind,
  file: File,
  { heightOf = videoHeight, decodes = pictureDecodes }: Options = {},
): Promise<FileProblem | null> {
  const rule = FILE_KINDS[kind];
  if (!extensionsOf(kind).includes(extensionOf(file.name))) return 'extension';
  if (file.size > rule.maxBytes) return 'size';
  const sniffed = sniffMimeType(await readHead(file));
  if (!sniffed || !(rule.types as readonly string[]).includes(sniffed)) return 'content';
  if (isPictureKind(kind) && (await decodes(file)) === false) return 'damaged';
  const below = heightBelowOf(kind);
  if (below !== undefined) {
    const height = await heightOf(file);
    if (height !== null && height >= below) return 'dimensions';
  }
  return null;
}

/** The sentence for a broken rule, the same wherever a file is picked. */
export function fileProblemMessage(problem: FileProblem, kind: FileKind): MessageDescriptor {
  const types = typeNamesOf(kind).join(', ');
  const mb = maxMegabytes(kind);
  const height = heightBelowOf(kind) ?? 0;
  switch (problem) {
    case 'extension':
      return msg`Please choose a ${types} file.`;
    case 'size':
      return msg`The file must be smaller than ${mb} MB.`;
    case 'content':
      return msg`This file is not really a ${types} file: its content does not match its name. Please choose another file.`;
    case 'damaged':
      return msg`This picture cannot be shown: its content is damaged or is not a real picture. Please choose another file.`;
    case 'dimensions':
      return msg`The video must be less than ${height} pixels high. Please choose a smaller video.`;
  }
}
