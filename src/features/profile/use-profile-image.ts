import { useEffect, useState } from 'react';
import type { Area } from 'react-easy-crop';
import { checkFile, type FileProblem } from '@/data/uploads/file-check';
import { cropToCanvas } from '@/ui/image/crop-image';

/**
 * The image flow of spec section 4: choose -> check (the shared file check of an image: name,
 * type, size, content; any failure is the spec's "Please choose image!") -> crop -> confirm/cancel
 * -> preview.
 */
export function useProfileImage() {
  const [cropSrc, setCropSrc] = useState<string | null>(null);
  const [cropped, setCropped] = useState<{ canvas: HTMLCanvasElement; preview: string } | null>(null);
  const [problem, setProblem] = useState<FileProblem | null>(null);

  useEffect(() => () => void (cropSrc && URL.revokeObjectURL(cropSrc)), [cropSrc]);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const found = await checkFile('image', file);
    if (found) {
      setProblem(found);
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
    /** Why the chosen file was refused, until dismissed. */
    problem,
    choose,
    confirm,
    cancelCrop: () => setCropSrc(null),
    dismissProblem: () => setProblem(null),
    reset,
  };
}
