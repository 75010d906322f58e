import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { OutboxValidationError, StorageFullError } from '@/data/outbox/outbox-errors';
import { translateIssue } from '@/ui/form/validation-messages';
import { toaster } from '@/ui/toaster';

/** Tells the admin why a retry, discard or resolve did not apply (nothing was half-written). */
export function showActionError(i18n: I18n, error: unknown) {
  const title =
    error instanceof StorageFullError
      ? i18n._(msg`This device has no room left to save this change. Free some space and try again.`)
      : error instanceof OutboxValidationError
        ? translateIssue(i18n, error.message)
        : i18n._(msg`This change could not be updated. It may have just been sent; please look again.`);
  toaster.create({ type: 'error', title });
}
