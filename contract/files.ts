import { z } from 'zod';
import { IMAGE_CROP } from './constants.ts';

const MB = 1024 * 1024;

/**
 * Upload kinds and limits of spec sections 5 and 9. Types are checked by content (magic bytes)
 * on the server; the console checks the same table before sending.
 */
/** `heightBelow`: the picture must be fewer lines high (video: under 720, spec section 9). */
/** `crop`: the picture is cropped on the device to exactly this size before it is staged. */
export type FileRule = {
  maxBytes: number;
  types: readonly string[];
  heightBelow?: number;
  crop?: { width: number; height: number };
};

export const FILE_KINDS = {
  image: { maxBytes: 10 * MB, types: ['image/png', 'image/jpeg', 'image/gif', 'image/bmp'] },
  cover: { maxBytes: 10 * MB, types: ['image/png', 'image/jpeg'], crop: IMAGE_CROP },
  banner: { maxBytes: 4 * MB - 1, types: ['image/png', 'image/jpeg'] },
  video: { maxBytes: 150 * MB, types: ['video/mp4'], heightBelow: 720 },
  audio: { maxBytes: 150 * MB, types: ['audio/mpeg'] },
  file: {
    maxBytes: 300 * MB,
    types: [
      'application/pdf',
      'image/png',
      'image/jpeg',
      'image/gif',
      'image/bmp',
      'video/mp4',
      'audio/mpeg',
      'application/zip',
      'application/x-cfb',
    ],
  },
} as const satisfies Record<string, FileRule>;
export type FileKind = keyof typeof FILE_KINDS;

/**
 * A kind that takes only pictures (image, cover, banner): its files are shown, so besides their
 * first bytes they must decode, on the device and on the server.
 */
export const isPictureKind = (kind: FileKind) =>
  (FILE_KINDS[kind].types as readonly string[]).every((type) => type.startsWith('image/'));
export const fileKindSchema = z.enum(Object.keys(FILE_KINDS) as [FileKind, ...FileKind[]]);

/** The server's refusal of a file over its kind's limit (413); the console translates it. */
export const tooLargeMessage = (kind: FileKind) =>
  `The file is too large: ${kind} uploads must be under ${Math.ceil(FILE_KINDS[kind].maxBytes / MB)} MB.`;
/** Matches tooLargeMessage; group 1 is the kind. */
export const TOO_LARGE_MESSAGE = /^The file is too large: (\w+) uploads must be under \d+ MB\.$/;

/** File name extensions of each type: a file's name must agree with its type and content. */
export const TYPE_EXTENSIONS: Readonly<Record<string, readonly string[]>> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/gif': ['gif'],
  'image/bmp': ['bmp'],
  'video/mp4': ['mp4'],
  'audio/mpeg': ['mp3'],
  'application/pdf': ['pdf'],
  // Office Open XML files are ZIP archives by content.
  'application/zip': ['zip', 'docx', 'xlsx', 'pptx'],
  'application/x-cfb': ['doc', 'xls', 'ppt'],
};

export const extensionsOf = (kind: FileKind) =>
  (FILE_KINDS[kind].types as readonly string[]).flatMap((type) => TYPE_EXTENSIONS[type] ?? []);

/** The lower-case extension of a file name, '' when it has none. */
export const extensionOf = (name: string) =>
  name.includes('.') ? (name.split('.').pop()?.toLowerCase() ?? '') : '';

export const uploadBase64Request = z.object({
  base64: z
    .string()
    .min(1)
    .max(Math.ceil((10 * MB * 4) / 3) + 100),
  fileName: z.string().trim().min(1).max(255),
  kind: fileKindSchema.default('image'),
});

export const uploadedFile = z.object({
  id: z.string(),
  url: z.string(),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  /** Read from the bytes of an MP4 or MP3 (absent for other files). */
  durationSeconds: z.number().optional(),
  /** An MP4 video's picture as shown (absent for other files, null for sound only). */
  width: z.number().int().nullable().optional(),
  height: z.number().int().nullable().optional(),
});
export type UploadedFile = z.infer<typeof uploadedFile>;

/** How long a signed file URL (`/files/<id>/<name>?exp=…&sig=…`) opens its file, in seconds. */
export const SIGNED_FILE_URL_SECONDS = 3600;
/** The platform's own company: its files (the content store) are readable by every signed-in user. */
export const PLATFORM_COMPANY_ID = 'platform';
/** At most this many URLs in one File/Sign request. */
export const MAX_SIGN_URLS = 200;

const FILE_PATH = /^(?:https?:\/\/[^/?#]+)?(\/files\/([A-Za-z0-9-]{1,64})\/[^/?#]+)(?:[?#].*)?$/;

/**
 * The file id and bare path (no origin, no query) of an uploaded file's URL, signed or not;
 * null for anything else (a staged `blob:` ref, an outside http(s) URL, a data URL).
 */
export function parseFileUrl(url: string): { id: string; path: string } | null {
  const m = FILE_PATH.exec(url);
  return m ? { id: m[2] as string, path: m[1] as string } : null;
}

export const signFileUrlsRequest = z.object({
  urls: z.array(z.string().min(1).max(2000)).min(1).max(MAX_SIGN_URLS),
});
export const signedFileUrls = z.object({
  /** The signed URLs, in the order asked. */
  urls: z.array(z.string()),
  /** When they stop opening their files, in Unix seconds. */
  exp: z.number().int(),
});
export type SignedFileUrls = z.infer<typeof signedFileUrls>;
