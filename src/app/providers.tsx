import { ChakraProvider } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { withBuiltGlobalCss } from '@/app/built-global-css';
import { LocalDataProvider } from '@/app/local-data-provider';
import { RESOURCE_VIEWS } from '@/app/resource-views';
import { system } from '@/app/theme';
import { queryClient } from '@/data/http/query-client';
import { ResourceViewsProvider } from '@/ui/resource/view-registry';
import { Toaster } from '@/ui/toaster';

const providedSystem = withBuiltGlobalCss(system);

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={providedSystem}>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <ResourceViewsProvider views={RESOURCE_VIEWS}>
            <LocalDataProvider>{children}</LocalDataProvider>
          </ResourceViewsProvider>
          <Toaster />
        </QueryClientProvider>
      </I18nProvider>
    </ChakraProvider>
  );
}
