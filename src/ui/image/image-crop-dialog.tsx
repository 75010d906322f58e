import { Box, Button, Slider, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { IMAGE_CROP } from '#contract/constants.ts';
import { DialogShell } from '@/ui/dialog/dialog-shell';

export type ImageCropDialogProps = {
  src: string | null;
  onConfirm: (area: Area) => void;
  onCancel: () => void;
};

/** Spec section 4: choose file, crop (fixed 16:9), then confirm or cancel. */
export function ImageCropDialog({ src, onConfirm, onCancel }: ImageCropDialogProps) {
  const { t } = useLingui();
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const footer = (
    <>
      <Button variant="outline" onClick={onCancel}>
        <Trans>Cancel</Trans>
      </Button>
      <Button colorPalette="blue" disabled={!area} onClick={() => area && onConfirm(area)}>
        <Trans>Confirm</Trans>
      </Button>
    </>
  );

  return (
    <DialogShell
      open={!!src}
      onClose={onCancel}
      size="lg"
      closable={false}
      title={<Trans>Crop image</Trans>}
      footer={footer}
    >
      <Stack gap="4">
        <Box position="relative" w="full" aspectRatio="16 / 9" bg="gray.900" rounded="md" overflow="hidden">
          {src && (
            <Cropper
              image={src}
              crop={crop}
              zoom={zoom}
              aspect={IMAGE_CROP.width / IMAGE_CROP.height}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_, pixels) => setArea(pixels)}
            />
          )}
        </Box>
        <Slider.Root
          min={1}
          max={3}
          step={0.05}
          value={[zoom]}
          onValueChange={(e) => setZoom(e.value[0] ?? 1)}
          aria-label={[t`Zoom`]}
        >
          <Slider.Label>
            <Trans>Zoom</Trans>
          </Slider.Label>
          <Slider.Control>
            <Slider.Track>
              <Slider.Range />
            </Slider.Track>
            <Slider.Thumbs />
          </Slider.Control>
        </Slider.Root>
      </Stack>
    </DialogShell>
  );
}
