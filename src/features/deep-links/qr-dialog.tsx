import { Box, Button, Center, Code, Image, Spinner, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { LocalDb } from '@/data/db/local-db';
import type { LocalRow } from '@/data/db/local-types';
import { usePendingFor } from '@/data/db/use-resource';
import { shortUrl } from '@/features/deep-links/target-kinds';
import { DialogShell } from '@/ui/dialog/dialog-shell';
import { FormAlert } from '@/ui/form/form-alert';
import { toaster } from '@/ui/toaster';

/** The QR code as a PNG data URL, drawn on this device (no network: it works offline). */
function useQrPng(text: string) {
  const [png, setPng] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setPng(null);
    setFailed(false);
    import('qrcode')
      .then((qr) => qr.toDataURL(text, { errorCorrectionLevel: 'M', margin: 2, width: 512 }))
      .then((url) => live && setPng(url))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [text]);
  return { png, failed };
}

/** The PNG of a data URL as a file (a blob: download works where a data: one may not). */
function pngBlob(dataUrl: string) {
  const bytes = Uint8Array.from(atob(dataUrl.slice(dataUrl.indexOf(',') + 1)), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type: 'image/png' });
}

type Props = { db: LocalDb; row: LocalRow; onClose: () => void };

/** A link's QR code with "Copy link" and "Download QR" (a PNG named after the code). */
export function QrDialog({ db, row, onClose }: Props) {
  const { t } = useLingui();
  const code = String(row.code ?? '');
  const url = shortUrl(code);
  const { png, failed } = useQrPng(url);
  // A link made or changed here opens only once the server has it.
  const unsent = usePendingFor(db, 'DeepLink', row.id);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      toaster.create({ type: 'success', title: t`Link copied.` });
    } catch {
      toaster.create({
        type: 'error',
        title: t`The link could not be copied. Select it and copy it yourself.`,
      });
    }
  }

  function download() {
    if (!png) return;
    const href = URL.createObjectURL(pngBlob(png));
    const a = document.createElement('a');
    a.href = href;
    a.download = `deep-link-${code}.png`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(href), 60_000);
  }

  const footer = (
    <>
      <Button variant="outline" onClick={() => void copy()}>
        <Trans>Copy link</Trans>
      </Button>
      <Button onClick={download} disabled={!png}>
        <Trans>Download QR</Trans>
      </Button>
    </>
  );
  return (
    <DialogShell
      open
      onClose={onClose}
      title={String(row.title ?? '') || t`QR code`}
      footer={footer}
      size="sm"
      testId="deep-link-qr-dialog"
    >
      <Stack gap="4" align="stretch">
        {unsent && (
          <FormAlert status="warning">
            <Trans>This link opens once the change is synced.</Trans>
          </FormAlert>
        )}
        <Center>
          <Box w="full" maxW="64" aspectRatio="1" bg="white" rounded="md" borderWidth="1px">
            {png ? (
              <Image src={png} alt={t`QR code of ${url}`} w="full" h="full" data-testid="deep-link-qr" />
            ) : failed ? (
              <Center h="full" p="4" textAlign="center">
                <Text color="fg.error">
                  <Trans>The QR code could not be drawn.</Trans>
                </Text>
              </Center>
            ) : (
              <Center h="full">
                <Spinner aria-label={t`Drawing the QR code…`} />
              </Center>
            )}
          </Box>
        </Center>
        <Code p="2" fontSize="sm" wordBreak="break-all" whiteSpace="normal" data-testid="deep-link-url">
          {url}
        </Code>
      </Stack>
    </DialogShell>
  );
}
