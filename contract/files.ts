import { z } from 'zod';

const MB = 1024 * 1024;

/**
 * Upload kinds and limits of spec sections 5 and 9. Types are checked by content (magic bytes)
 * on the server; the console checks the same table before sending.
 */
export const FILE_KINDS = {
  image: { maxBytes: 10 * MB, types: ['image/png', 'image/jpeg', 'image/gif', 'image/bmp'] },
  cover: { maxBytes: 10 * MB, types: ['image/png', 'image/jpeg'] },
  banner: { maxBytes: 4 * MB - 1, types: ['image/png', 'image/jpeg'] },
  video: { maxBytes: 150 * MB, types: ['video/mp4'] },
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
} as const;
export type FileKind = keyof typeof FILE_KINDS;
export const fileKindSchema = z.enum(Object.keys(FILE_KINDS) as [FileKind, ...FileKind[]]);

/** Profile image extensions of spec section 5 ("Please choose image!" otherwise). */
export const IMAGE_EXTENSIONS = ['gif', 'jpg', 'jpeg', 'png', 'bmp'] as const;
export const hasImageExtension = (name: string) =>
  (IMAGE_EXTENSIONS as readonly string[]).includes(name.split('.').pop()?.toLowerCase() ?? '');

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
});
export type UploadedFile = z.infer<typeof uploadedFile>;
