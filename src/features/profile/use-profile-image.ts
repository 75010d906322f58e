import { useEffect, useState } from 'react';
import type { Area } from 'react-easy-crop';
import { hasImageExtension } from '#contract/files.ts';
import { cropToCanvas } from '@/features/profile/crop-image';

/** The image flow of spec section 4: choose -> check extension -> crop -> confirm/cancel -> preview. */
export function useProfileImage() {
  const [cropSrc, setCropSrc] = useState<string | null>(null);
  const [cropped, setCropped] = useState<{ canvas: HTMLCanvasElement; preview: string } | null>(null);
  const [badType, setBadType] = useState(false);

  useEffect(() => () => void (cropSrc && URL.revokeObjectURL(cropSrc)), [cropSrc]);

  const choose = (file: File | undefined) => {
    if (!file) return;
    if (!hasImageExtension(file.name)) {
      setBadType(true);
      return;
    }
    setCropSrc(URL.createObjectURL(file));
  };
  const confirm = async (area: Area) => {
    if (!cropSrc) return;
    const canvas = await cropToCanvas(cropSrc, area);
    setCropped({ canvas, preview: canvas.toDataURL('image/jpeg', 0.85) });
    setCropSrc(null);
  };
  const reset = () => {
    setCropped(null);
    setCropSrc(null);
  };

  return {
    cropSrc,
    cropped,
    badType,
    choose,
    confirm,
    cancelCrop: () => setCropSrc(null),
    dismissBadType: () => setBadType(false),
    reset,
  };
}
