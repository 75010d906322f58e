import { PROFILE_CROP } from '#contract/constants.ts';

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
  canvas.width = PROFILE_CROP.width;
  canvas.height = PROFILE_CROP.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Canvas is not available');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(img, area.x, area.y, area.width, area.height, 0, 0, canvas.width, canvas.height);
  return canvas;
}

/** Compresses before upload: JPEG at 0.85, unless lossless PNG happens to be smaller (flat artwork). */
export async function compressCanvas(canvas: HTMLCanvasElement): Promise<Blob> {
  const [jpeg, png] = await Promise.all([toBlob(canvas, 'image/jpeg', 0.85), toBlob(canvas, 'image/png')]);
  const best = [jpeg, png].filter((b): b is Blob => !!b).sort((a, b) => a.size - b.size)[0];
  if (!best) throw new Error('The image could not be encoded');
  return best;
}
