/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/react" />

interface ImportMetaEnv {
  /** Link of the user manual in the top bar; the link is hidden when unset. */
  readonly VITE_MANUAL_URL?: string;
  /** Where the training roadmap's QR contact dialog points (shown as a QR code when set). */
  readonly VITE_ISO_CONTACT_URL?: string;
}

/** The sign-in page's part of a catalog (scripts/sign-in-catalog.ts). */
declare module 'virtual:sign-in-catalog/*' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
