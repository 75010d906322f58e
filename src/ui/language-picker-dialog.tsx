import { Button, Stack } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { LOCALES, type Locale } from '#contract/languages.ts';
import { DialogShell } from '@/ui/dialog/dialog-shell';
import { LANGUAGE_NAMES } from '@/ui/language-names';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  value: Locale;
  onSelect: (l: Locale) => void;
};

export function LanguagePickerDialog({ open, onOpenChange, value, onSelect }: Props) {
  return (
    <DialogShell open={open} onClose={() => onOpenChange(false)} size="xs" title={<Trans>Language</Trans>}>
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
    </DialogShell>
  );
}
