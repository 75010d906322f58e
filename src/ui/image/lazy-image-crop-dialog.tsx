import { lazy, Suspense, useState } from 'react';
import type { ImageCropDialogProps } from './image-crop-dialog';

const Dialog = lazy(() => import('./image-crop-dialog').then((m) => ({ default: m.ImageCropDialog })));

/**
 * The crop dialog, its code (react-easy-crop and the slider) loaded when a picture is first
 * chosen rather than with every form that has a picture field; the service worker stores it after
 * sign-in (sw/asset-groups.ts). Once loaded it stays mounted, so it closes with its animation.
 */
export function LazyImageCropDialog(p: ImageCropDialogProps) {
  const [wanted, setWanted] = useState(false);
  if (p.src && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <Dialog {...p} />
    </Suspense>
  ) : null;
}
