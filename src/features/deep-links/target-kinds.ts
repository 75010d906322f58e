import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { DeepLinkTarget } from '#contract/resources/deep-link.ts';
import { deepLinkPath } from '#contract/resources/deep-link.ts';

/** What a deep link can open, as the admin reads it (contract/resources/deep-link.ts). */
export const TARGET_LABELS: Record<DeepLinkTarget, MessageDescriptor> = {
  Topic: msg`Topic`,
  Article: msg`Article`,
  Sound: msg`Sound`,
  Video: msg`Video`,
  Course: msg`Course`,
  Quiz: msg`Quiz`,
  Event: msg`Event`,
};

/** The link people open: this console's origin (the server that answers `/l/{code}`) and the code. */
export const shortUrl = (code: string, origin = window.location.origin) => `${origin}${deepLinkPath(code)}`;
