import { msg } from '@lingui/core/macro';

export const NOT_SAVED = msg`The change could not be saved on this device. Please try again.`;
