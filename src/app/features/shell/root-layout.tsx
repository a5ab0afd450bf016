import { Outlet } from '@tanstack/react-router';
import { UpdatePrompt } from '../pwa';
import { Toaster } from '../../components/toaster';

/** The root of every route: the page, the toasts and the new-version prompt. */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <Toaster />
      <UpdatePrompt />
    </>
  );
}
