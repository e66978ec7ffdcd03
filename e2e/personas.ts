import type { PERSONAS } from './fixtures';

/** ARCHITECTURE §5: the tabs each demo persona sees, in header order (`adjunct`'s depend on the institution). */
export const EXPECTED_TABS: Record<(typeof PERSONAS)[number], string[]> = {
  super: [
    'Courses',
    'Users',
    'Roles',
    'Products',
    'Offers',
    'Inclusive Access',
    'LTI 1.3 Integrations',
    'EAD Admin',
  ],
  associate: ['Courses', 'Products', 'Offers', 'LTI 1.3 Integrations', 'EAD Admin'],
  support: ['Courses', 'Roles', 'Products', 'Offers', 'Inclusive Access', 'LTI 1.3 Integrations'],
  registrar: ['Courses', 'Users', 'Roles', 'Offers', 'LTI 1.3 Integrations'],
  instructor: [],
  internal: ['Courses', 'Products', 'Offers', 'Inclusive Access'],
};

/** The guarded routes of spec §6 and the tab whose rule opens each. */
export const GUARDED: { path: string; tab: string }[] = [
  { path: '/users', tab: 'Users' },
  { path: '/roles', tab: 'Roles' },
  { path: '/products', tab: 'Products' },
  { path: '/offers', tab: 'Offers' },
  { path: '/adminTools', tab: 'Inclusive Access' },
  { path: '/ltiIntegrations', tab: 'LTI 1.3 Integrations' },
  { path: '/internalUser', tab: 'EAD Admin' },
];
