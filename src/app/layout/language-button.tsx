import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { Locale } from '#contract/languages.ts';
import { changeLanguage } from '@/data/locale/change-language';
import { MountWhenOpened } from '@/ui/dialog/mount-when-opened';
import { GlobeGlyph } from '@/ui/icons';
import { LANGUAGE_NAMES } from '@/ui/language-names';
import { LanguagePickerDialog } from '@/ui/language-picker-dialog';

export function LanguageButton({ compact }: { compact: boolean }) {
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const locale = i18n.locale as Locale;
  const name = LANGUAGE_NAMES[locale];
  return (
    <>
      {/* A plain button styled by the top bar (top-bar-styles.ts). */}
      <button
        type="button"
        className="lac-top-button"
        data-compact={compact || undefined}
        data-testid="language-button"
        aria-label={t`Language: ${name}`}
        onClick={() => setOpen(true)}
      >
        <GlobeGlyph />
        {!compact && name}
      </button>
      <MountWhenOpened open={open}>
        <LanguagePickerDialog
          open={open}
          onOpenChange={setOpen}
          value={locale}
          onSelect={(l) => void changeLanguage(l)}
        />
      </MountWhenOpened>
    </>
  );
}
