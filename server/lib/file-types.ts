const LABELS: Record<string, string> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/gif': 'GIF',
  'image/bmp': 'BMP',
  'application/pdf': 'PDF',
  'video/mp4': 'MP4',
  'audio/mpeg': 'MP3',
  'application/zip': 'ZIP/Office (xlsx, docx, pptx)',
  'application/x-cfb': 'Office 97-2003 (xls, doc, ppt)',
};
export const typeLabel = (mime: string) => LABELS[mime] ?? mime;

/** A file name safe in a URL path and a Content-Disposition header, keeping letters of any script. */
export function safeFileName(name: string) {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N}._-]+/gu, '-')
    .replace(/^[.-]+/, '')
    .slice(-120);
  return clean || 'file';
}
