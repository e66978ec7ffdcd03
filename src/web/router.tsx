import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import LoginPage from './features/auth/pages/LoginPage';
import { loadFullCatalogs } from './i18n';
import { RootLayout } from './app/RootLayout';
import { RouteError } from './app/RouteError';
import type { RouteHandle } from './app/routeHandle';
import { FullPageLoader } from './app/FullPageLoader';
import { loginPath, setUnauthorizedHandler } from './lib/api';
import { forgetUserData } from './lib/session-broadcast';
import { queryClient } from './lib/queryClient';

/** A route module loaded on demand: its default export is the route component. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

const tab = (key: NonNullable<RouteHandle['tab']>, guarded = false): RouteHandle => ({ tab: key, guarded });

/**
 * The routes of spec §2, every one lazy but /login (in the entry file). A route's `handle` names its
 * header tab; `guarded` routes redirect to /institution without that tab's capability (checked by the shell).
 * Feature folders own their pages: add child routes here, keep the page code in the feature.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    errorElement: <RouteError />,
    HydrateFallback: FullPageLoader,
    children: [
      // the first page most visits open: in the entry file, not one more round of requests after it
      { path: 'login', Component: LoginPage },
      {
        // the link of the account-request e-mail: public, outside the shell; its texts are in the full catalogs
        path: 'account/setup',
        lazy: page(() =>
          Promise.all([
            import('./app/mantine-styles'), // the component styles beyond the login page's
            import('./features/account-setup/pages/AccountSetupPage'),
            loadFullCatalogs(),
          ]).then(([, m]) => m),
        ),
      },
      {
        // "Forgot password?" and the link of the reset e-mail: public, outside the shell
        path: 'password/forgot',
        lazy: page(() =>
          Promise.all([
            import('./app/mantine-styles'),
            import('./features/auth/pages/ForgotPasswordPage'),
            loadFullCatalogs(),
          ]).then(([, m]) => m),
        ),
      },
      {
        path: 'password/reset',
        lazy: page(() =>
          Promise.all([
            import('./app/mantine-styles'),
            import('./features/auth/pages/ResetPasswordPage'),
            loadFullCatalogs(),
          ]).then(([, m]) => m),
        ),
      },
      {
        id: 'shell',
        // the signed-in area needs the complete catalogs, which the login page does not
        lazy: page(() => Promise.all([import('./app/AppLayout'), loadFullCatalogs()]).then(([m]) => m)),
        children: [
          {
            errorElement: <RouteError />,
            children: [
              { index: true, lazy: page(() => import('./app/pages/RootRedirectPage')) },
              {
                path: 'institution',
                handle: tab('courses'),
                lazy: page(() => import('./features/institutions/pages/InstitutionPage')),
                children: [
                  {
                    index: true,
                    lazy: page(() => import('./features/courses/pages/CourseListPage')),
                  },
                  {
                    path: 'overview',
                    lazy: page(() => import('./features/inclusive-access/pages/DashboardPage')),
                  },
                  {
                    path: 'census',
                    lazy: page(() => import('./features/inclusive-access/pages/CensusReportPage')),
                  },
                  {
                    path: 'courseDetail/:sectionId',
                    lazy: page(() => import('./features/courses/pages/CourseDetailPage')),
                  },
                  {
                    path: 'courseDetail/:id/:urn?',
                    lazy: page(() => import('./features/courses/pages/CourseDetailPage')),
                  },
                  {
                    path: 'productDetail/:urn/:id',
                    lazy: page(() => import('./features/products/pages/ProductDetailPage')),
                  },
                ],
              },
              {
                path: 'createCourse',
                handle: tab('courses'),
                lazy: page(() => import('./features/courses/pages/CreateCoursePage')),
              },
              {
                path: 'users',
                handle: tab('users', true),
                lazy: page(() => import('./features/users/pages/UsersPage')),
                children: [
                  { index: true, lazy: page(() => import('./features/users/pages/UsersIndexPage')) },
                ],
              },
              {
                path: 'roles',
                handle: tab('roles', true),
                lazy: page(() => import('./features/roles/pages/RolesPage')),
              },
              {
                path: 'products',
                handle: tab('products', true),
                lazy: page(() => import('./features/products/pages/ProductsPage')),
                children: [
                  { index: true, lazy: page(() => import('./features/products/pages/ProductsIndexPage')) },
                  {
                    path: 'pair',
                    lazy: page(() => import('./features/products/pages/PairCoursePage')),
                  },
                  {
                    path: 'pairing/:pairingId',
                    lazy: page(() => import('./features/products/pages/ProductCoursePage')),
                  },
                ],
              },
              {
                path: 'offers',
                handle: tab('offers', true),
                children: [
                  { index: true, lazy: page(() => import('./features/offers/pages/OffersPage')) },
                  { path: ':id', lazy: page(() => import('./features/offers/pages/OfferDetailPage')) },
                ],
              },
              {
                path: 'adminTools',
                handle: tab('inclusiveAccess', true),
                lazy: page(() => import('./features/admin-tools/pages/AdminToolsPage')),
              },
              {
                path: 'ltiIntegrations',
                handle: tab('lti', true),
                lazy: page(() => import('./features/lti/pages/LtiIntegrationsPage')),
              },
              {
                path: 'internalUser',
                handle: tab('eadAdmin', true),
                lazy: page(() => import('./features/internal-users/pages/InternalUsersPage')),
              },
              {
                // the audit log: not a spec tab; the page itself checks viewAudit
                path: 'auditLog',
                lazy: page(() => import('./features/audit/pages/AuditLogPage')),
              },
              {
                // find a person (provider staff): not a spec tab; the page itself checks findPeople
                path: 'people',
                lazy: page(() => import('./features/people/pages/FindPersonPage')),
              },
              {
                // the recycle bin: not a spec tab; the page itself checks recycleBin
                path: 'recentlyRemoved',
                lazy: page(() => import('./features/recycle-bin/pages/RecentlyRemovedPage')),
              },
              {
                path: 'unauthorizedUser',
                lazy: page(() => import('./features/auth/pages/UnauthorizedUserPage')),
              },
              { path: '*', lazy: page(() => import('./app/pages/NotFoundPage')) },
            ],
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);

// a 401 anywhere: back to the login page, then to the same page again
setUnauthorizedHandler(() => {
  const { pathname, search } = router.state.location;
  if (pathname === '/login') return;
  void router
    .navigate(loginPath(pathname + search), { replace: true })
    .then(() => forgetUserData(queryClient));
});
