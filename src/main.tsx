import '@fontsource/noto-sans/400.css';
import '@fontsource/noto-sans/600.css';
import '@fontsource/noto-sans-thai/400.css';
import '@fontsource/noto-sans-thai/600.css';
import '@fontsource/noto-sans-myanmar/400.css';
import '@fontsource/noto-sans-myanmar/600.css';
import '@fontsource/noto-sans-sc/400.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { startLocale } from '@/app/start-locale';
import { activateLocale } from '@/data/locale/locale-store';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

// The catalog is loaded before the first render, so no English flashes before Thai.
activateLocale(startLocale(window.location.search))
  .catch((e: unknown) => console.error('Could not load the language catalog', e))
  .finally(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
