import { Outlet } from 'react-router';
import { GlobalLoader } from './GlobalLoader';

/** Every page: the global loader above the matched route. */
export function RootLayout() {
  return (
    <>
      <GlobalLoader />
      <Outlet />
    </>
  );
}
