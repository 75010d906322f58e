import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

// Self-hosted Noto faces (main.tsx) cover Latin, Vietnamese, Thai, Myanmar and Chinese offline.
const stack =
  "'Noto Sans', 'Noto Sans Thai', 'Noto Sans Myanmar', 'Noto Sans SC', system-ui, -apple-system, 'Segoe UI', sans-serif";

const config = defineConfig({
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

export const system = createSystem(defaultConfig, config);
