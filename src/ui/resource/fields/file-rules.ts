import { FILE_KINDS, type FileKind } from '#contract/files.ts';

/** File name extensions accepted per MIME type, for the picker and the client-side check. */
const EXTENSIONS: Record<string, readonly string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/gif': ['gif'],
  'image/bmp': ['bmp'],
  'video/mp4': ['mp4'],
  'audio/mpeg': ['mp3'],
  'application/pdf': ['pdf'],
  'application/zip': ['zip'],
  'application/x-cfb': ['doc', 'xls', 'ppt'],
};

/** One name per type for people ("PNG, JPG"). */
export const typeNamesOf = (kind: FileKind) =>
  (FILE_KINDS[kind].types as readonly string[]).map((type) => (EXTENSIONS[type]?.[0] ?? type).toUpperCase());

export const extensionsOf = (kind: FileKind) =>
  (FILE_KINDS[kind].types as readonly string[]).flatMap((type) => EXTENSIONS[type] ?? []);

export const acceptOf = (kind: FileKind) =>
  [...FILE_KINDS[kind].types, ...extensionsOf(kind).map((e) => `.${e}`)].join(',');

/** Whole megabytes of the limit, rounded up (banner: "under 4 MB"). */
export const maxMegabytes = (kind: FileKind) => Math.ceil(FILE_KINDS[kind].maxBytes / (1024 * 1024));

/** Client-side check by extension, MIME type and size; the server checks the content again. */
export function checkFile(kind: FileKind, file: File): 'type' | 'size' | null {
  const rule = FILE_KINDS[kind];
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  const typeOk = (rule.types as readonly string[]).includes(file.type);
  const extOk = (EXTENSIONS[file.type] ?? []).includes(ext);
  if (!typeOk || !extOk) return 'type';
  return file.size > rule.maxBytes ? 'size' : null;
}
