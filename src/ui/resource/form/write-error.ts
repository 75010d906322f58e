import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { StorageFullError } from '@/data/outbox/outbox-errors';
import { toaster } from '@/ui/toaster';

export const STORAGE_FULL = msg`This device has no room left to save this change. Free some space and try again.`;

/** Says why a local write failed: the device is full, or `otherwise`. Nothing was half-written. */
export function toastWriteError(i18n: I18n, error: unknown, otherwise: MessageDescriptor) {
  toaster.create({
    type: 'error',
    title: i18n._(error instanceof StorageFullError ? STORAGE_FULL : otherwise),
  });
}
