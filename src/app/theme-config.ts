import { defineConfig } from '@chakra-ui/react';

// Self-hosted Noto faces (main.tsx) cover Latin, Vietnamese, Thai, Myanmar and Chinese offline.
const stack =
  "'Noto Sans', 'Noto Sans Thai', 'Noto Sans Myanmar', 'Noto Sans SC', system-ui, -apple-system, 'Segoe UI', sans-serif";

/** The console's own additions to Chakra's theme, shared by the full and the sign-in systems. */
export const themeConfig = defineConfig({
  theme: {
    tokens: {
      fonts: { body: { value: stack }, heading: { value: stack } },
    },
  },
  globalCss: {
    'html, body': { overflowX: 'hidden' },
    ':lang(my)': { lineHeight: '1.8' },
  },
});
