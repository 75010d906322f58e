import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Channel } from '#contract/notification-send.ts';

export const CHANNEL_LABELS: Record<Channel, MessageDescriptor> = {
  inbox: msg`Inbox`,
  push: msg`Push`,
  email: msg`E-mail`,
  line: msg`LINE`,
};
