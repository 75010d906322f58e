import { i18n } from '@lingui/core';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';

// Source-language messages: descriptors render their English text.
i18n.loadAndActivate({ locale: 'en', messages: {} });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
