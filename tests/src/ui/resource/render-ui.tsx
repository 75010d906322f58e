import { ChakraProvider } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { system } from '@/app/theme';
import type { LocalDb } from '@/data/db/local-db';
import { ResourceScreen, type Rights } from '@/ui/resource/resource-screen';
import type { AnyView } from '@/ui/resource/view-config';
import { Toaster } from '@/ui/toaster';

export const ALL_RIGHTS: Rights = { create: true, update: true, delete: true };
export const NO_RIGHTS: Rights = { create: false, update: false, delete: false };

export const renderUi = (node: ReactNode) =>
  render(
    <ChakraProvider value={system}>
      <I18nProvider i18n={i18n}>
        {node}
        <Toaster />
      </I18nProvider>
    </ChakraProvider>,
  );

export const renderScreen = (view: AnyView, db: LocalDb, rights: Rights = ALL_RIGHTS) =>
  renderUi(<ResourceScreen view={view} db={db} rights={rights} />);
