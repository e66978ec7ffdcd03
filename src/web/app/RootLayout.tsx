import { Outlet } from 'react-router';
import { GlobalLoader } from './GlobalLoader';
import { useSessionSync } from './useSessionSync';

/** Every page: the global loader above the matched route; sign-in and sign-out heard from other tabs. */
export function RootLayout() {
  useSessionSync();
  return (
    <>
      <GlobalLoader />
      <Outlet />
    </>
  );
}
