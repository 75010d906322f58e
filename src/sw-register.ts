// The plugin's virtual module, behind a real path so tests can replace it.
export { useRegisterSW } from 'virtual:pwa-register/react';
