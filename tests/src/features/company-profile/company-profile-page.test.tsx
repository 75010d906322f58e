import { ChakraProvider } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { system } from '@/app/theme';
import { getSession, setSession } from '@/data/session/session-store';
import CompanyProfilePage from '@/features/company-profile/company-profile-page';
import { Toaster } from '@/ui/toaster';
import { permissionsOnly, session } from '../../fixtures.ts';

const profile = {
  id: 'c1',
  name: 'Demo Company',
  code: 'DEMO',
  address: '1 Main Road',
  province: 'Bangkok',
  country: 'Thailand',
  phone: '0212345678',
  contactEmail: 'info@demo.test',
  contactPerson: 'Ada',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const ok = (data: unknown) =>
  new Response(JSON.stringify({ status: 0, message: 'OK', data }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

const renderPage = () =>
  render(
    <ChakraProvider value={system}>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient()}>
          <CompanyProfilePage />
          <Toaster />
        </QueryClientProvider>
      </I18nProvider>
    </ChakraProvider>,
  );

describe('company profile page', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn(async (url: string, init: RequestInit) => {
      if (url.endsWith('/Company/GetProfile')) return ok(profile);
      const body = JSON.parse(String(init.body));
      return ok({ ...profile, ...body });
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('saves the profile and the session company name follows it', async () => {
    setSession(session());
    renderPage();
    const name = await screen.findByDisplayValue('Demo Company');
    expect(screen.getByDisplayValue('DEMO')).toHaveProperty('readOnly', true);
    fireEvent.change(name, { target: { value: 'Demo Learning Ltd' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(getSession()?.companyName).toBe('Demo Learning Ltd'));
    const update = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/Company/UpdateProfile'));
    expect(JSON.parse(String(update?.[1].body))).toMatchObject({ name: 'Demo Learning Ltd', code: 'DEMO' });
    expect(await screen.findByText('Company profile updated successfully.')).toBeTruthy();
  });

  it('refuses a telephone with fewer than 10 digits and sends nothing', async () => {
    setSession(session());
    renderPage();
    const phone = await screen.findByDisplayValue('0212345678');
    fireEvent.change(phone, { target: { value: '02-123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Telephone must have at least 10 digits.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/Company/UpdateProfile'))).toBe(false);
    expect(getSession()?.companyName).toBe('Demo Company');
  });

  it('hides the save button without the update permission and blocks without read', async () => {
    const readOnly = permissionsOnly();
    readOnly.areas.companyProfile = {
      flag: true,
      view: true,
      read: true,
      create: false,
      update: false,
      delete: false,
    };
    setSession(session({ permissions: readOnly }));
    const { unmount } = renderPage();
    await screen.findByDisplayValue('Demo Company');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    unmount();
    setSession(session({ permissions: permissionsOnly() }));
    renderPage();
    expect(screen.getByTestId('no-access')).toBeTruthy();
  });
});
