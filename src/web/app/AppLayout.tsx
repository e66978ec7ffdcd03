import { Alert, Button, Center, Stack } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
// the Mantine component styles the login page does not load, before the notifications' own
import './mantine-styles';
import '@mantine/notifications/styles.css';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { TOKEN_REFRESH_MS } from '../../shared/constants';
import { can, TABS } from '../../shared/permissions';
import { refreshSession, useSession } from '../features/auth';
import { isApiError } from '../lib/api';
import { AppDatesProvider } from '../lib/dates';
import { errorText } from '../lib/error-text';
import { AppFooter } from '../features/auth';
import { FullPageLoader } from './FullPageLoader';
import { AppHeader } from './header/AppHeader';
import { PageFade } from './PageFade';
import { tabOfMatches } from './routeHandle';
import { AppSessionProvider, useAppSession } from '../session';

const UNAUTHORIZED_PATH = '/unauthorizedUser';

/**
 * The signed-in area: asks the server for the session (the cookie every tab shares; without one the
 * 401 leads to the login page), then renders header, page and footer.
 */
export default function AppLayout() {
  return (
    <AppDatesProvider>
      <ModalsProvider>
        <Notifications position="top-right" limit={5} />
        <SessionGate />
      </ModalsProvider>
    </AppDatesProvider>
  );
}

function SessionGate() {
  const { t } = useTranslation();
  const session = useSession();

  if (session.isError) {
    // a 401 is already on its way to the login page
    if (isApiError(session.error) && session.error.status === 401) return <FullPageLoader />;
    const timedOut = isApiError(session.error) && session.error.message === 'error.timeout';
    return (
      <Center mih="60vh" p="md">
        <Stack align="center" maw={520}>
          <Alert
            color="red"
            role="alert"
            w="100%"
            title={timedOut ? t('session.timeout') : t('session.failed')}
          >
            {errorText(session.error)}
          </Alert>
          <Button onClick={() => void session.refetch()} data-testid="session-retry">
            {t('session.retry')}
          </Button>
        </Stack>
      </Center>
    );
  }
  if (!session.data) return <FullPageLoader label={t('session.checking')} />;
  return (
    <AppSessionProvider session={session.data} fallback={<FullPageLoader label={t('session.checking')} />}>
      <Shell />
    </AppSessionProvider>
  );
}

/** POST /api/auth/refresh every 25 minutes while the app is open (spec §4). */
function useTokenRefresh() {
  useEffect(() => {
    const timer = setInterval(() => {
      refreshSession().catch(() => {
        // a 401 sends the user to the login page; other failures wait for the next tick
      });
    }, TOKEN_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
}

function Shell() {
  const { t } = useTranslation();
  const location = useLocation();
  const matches = useMatches();
  const { session, institution, capabilities, capabilitiesReady, lacksDashboardAccess } = useAppSession();
  useTokenRefresh();

  const handle = tabOfMatches(matches);
  const onUnauthorizedPage = location.pathname === UNAUTHORIZED_PATH;

  // spec §6: without dashboard access and with (at most) one institution, the user has nowhere to go
  if (capabilitiesReady && lacksDashboardAccess && session.institutions.length <= 1 && !onUnauthorizedPage) {
    return <Navigate to={UNAUTHORIZED_PATH} replace />;
  }
  const rule = handle.guarded ? TABS.find((tab) => tab.key === handle.tab)?.rule : undefined;
  if (capabilitiesReady && rule && !can(capabilities, rule)) return <Navigate to="/institution" replace />;

  return (
    <div style={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <a href="#main" className="skip-link">
        {t('app.skipToContent')}
      </a>
      <AppHeader activeTab={handle.tab ?? null} />
      <main
        id="main"
        tabIndex={-1}
        style={{ flex: 1, padding: 'var(--mantine-spacing-lg)', outline: 'none' }}
      >
        {lacksDashboardAccess && !onUnauthorizedPage && institution && (
          <Alert
            color="blue"
            icon={<IconInfoCircle aria-hidden="true" />}
            mb="lg"
            data-testid="no-permission-notice"
          >
            {t('access.noPermission', { institution: institution.displayName.toUpperCase() })}
          </Alert>
        )}
        {capabilitiesReady ? (
          <PageFade key={location.pathname}>
            <Outlet />
          </PageFade>
        ) : (
          <FullPageLoader />
        )}
      </main>
      <AppFooter showConsole />
    </div>
  );
}
