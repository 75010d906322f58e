import { Button, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { LOCALES, type Locale } from '#contract/languages.ts';
import { LANGUAGE_NAMES } from '@/ui/language-names';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  value: Locale;
  onSelect: (l: Locale) => void;
};

export function LanguagePickerDialog({ open, onOpenChange, value, onSelect }: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={(e) => onOpenChange(e.open)} size="xs" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>
                <Trans>Language</Trans>
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="2">
                {LOCALES.map((locale) => (
                  <Button
                    key={locale}
                    lang={locale}
                    variant={locale === value ? 'solid' : 'outline'}
                    aria-pressed={locale === value}
                    justifyContent="flex-start"
                    onClick={() => {
                      onSelect(locale);
                      onOpenChange(false);
                    }}
                  >
                    {LANGUAGE_NAMES[locale]}
                  </Button>
                ))}
              </Stack>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
