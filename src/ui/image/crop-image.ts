import { IMAGE_CROP } from '#contract/constants.ts';

export type PixelArea = { x: number; y: number; width: number; height: number };

const loadImage = (src: string) =>
  new Promise<HTMLImageElement>((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('The image could not be read'));
    img.src = src;
  });

const toBlob = (canvas: HTMLCanvasElement, type: string, quality?: number) =>
  new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));

/** Draws the chosen area scaled to exactly 800x450 (spec section 5). */
export async function cropToCanvas(src: string, area: PixelArea) {
  const img = await loadImage(src);
  const canvas = document.createElement('canvas');
  canvas.width = IMAGE_CROP.width;
  canvas.height = IMAGE_CROP.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Canvas is not available');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(img, area.x, area.y, area.width, area.height, 0, 0, canvas.width, canvas.height);
  return canvas;
}

/**
 * Compresses before staging or upload with browser-image-compression: a JPEG of at most 1 MB at
 * the same 800x450 (never scaled down to fit), unless the lossless PNG is smaller (flat artwork).
 * On this thread: the library's web worker would load its code from a CDN, which the CSP and an
 * offline device refuse, and an 800x450 picture takes milliseconds.
 */
export async function compressCanvas(canvas: HTMLCanvasElement): Promise<Blob> {
  const png = await toBlob(canvas, 'image/png');
  if (!png) throw new Error('The image could not be encoded');
  const { default: imageCompression } = await import('browser-image-compression');
  const jpeg = await imageCompression(new File([png], 'image.png', { type: 'image/png' }), {
    fileType: 'image/jpeg',
    initialQuality: 0.85,
    maxSizeMB: 1,
    alwaysKeepResolution: true,
    useWebWorker: false,
  });
  return jpeg.size < png.size ? jpeg : png;
}

/** A compressed crop as a file named after the picked one, with the extension of its type. */
export function croppedFile(blob: Blob, pickedName: string): File {
  const base = pickedName.replace(/\.[^.]*$/, '') || 'image';
  return new File([blob], `${base}.${blob.type === 'image/png' ? 'png' : 'jpg'}`, { type: blob.type });
}
