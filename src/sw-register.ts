// The plugin's virtual modules, behind a real path so tests can replace them.
export { useRegisterSW } from 'virtual:pwa-register/react';
