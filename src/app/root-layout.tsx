import { Outlet } from 'react-router';
import { CookieNotice } from '@/app/cookie-notice';
import { SessionWatch } from '@/app/session-watch';
import { UpdatePrompt } from '@/app/update-prompt';

export function RootLayout() {
  return (
    <>
      <SessionWatch />
      <CookieNotice />
      <Outlet />
      <UpdatePrompt />
    </>
  );
}
