import { i18n } from '@lingui/core';
import { afterEach, beforeEach } from 'vitest';

// Source-language messages: descriptors render their English text.
i18n.loadAndActivate({ locale: 'en', messages: {} });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
