import { createSystem, defaultConfig } from '@chakra-ui/react';
import { themeConfig } from '@/app/theme-config';

export const system = createSystem(defaultConfig, themeConfig);
