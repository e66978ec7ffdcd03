/** The fixed shape of the demo world: organisations, institutions and their settings. */

export type LmsKind = 'canvas' | 'blackboard' | 'moodle' | 'd2l';

import type { OfferType } from '../../../shared/status';

export interface InstitutionSeed {
  /** Short slug used in identifiers (custom course ids, key ids). */
  key: string;
  name: string;
  /** Staff e-mail domain; students use students.<domain>. */
  domain: string;
  censusDuration: number;
  offerType: OfferType | null;
  orgInclusiveId: string | null;
  inclusiveAccess: boolean;
  /** Days from today to the end of the inclusive offer (negative: already ended); null: none. */
  inclusiveEndsInDays: number | null;
  /** Sections at scale 1. */
  sections: number;
  /** LMS integrations; the first one (canvas or blackboard) carries the course pairings. */
  lms: LmsKind[];
}

export interface OrganizationSeed {
  name: string;
  institutions: InstitutionSeed[];
}

/**
 * Four organisations, fourteen institutions. "Abbott Valley Community College" sorts first on
 * purpose: it is the registrar's first institution and the instructor's only one.
 */
export const ORGANIZATIONS: OrganizationSeed[] = [
  {
    name: 'Tri-County Community College District',
    institutions: [
      {
        key: 'abbott-valley',
        name: 'Abbott Valley Community College',
        domain: 'abbottvalley.edu',
        censusDuration: 21,
        offerType: 'INCLUSIVE_ACCESS',
        orgInclusiveId: 'IA-100482',
        inclusiveAccess: true,
        inclusiveEndsInDays: 120,
        sections: 320,
        lms: ['canvas'],
      },
      {
        key: 'brookfield-tech',
        name: 'Brookfield Technical College',
        domain: 'brookfieldtech.edu',
        censusDuration: 14,
        offerType: 'EQUITABLE_ACCESS',
        orgInclusiveId: 'IA-100517',
        inclusiveAccess: true,
        inclusiveEndsInDays: 45,
        sections: 260,
        lms: ['blackboard', 'moodle'],
      },
      {
        key: 'cedar-ridge',
        name: 'Cedar Ridge Community College',
        domain: 'cedarridge.edu',
        censusDuration: -1,
        offerType: null,
        orgInclusiveId: null,
        inclusiveAccess: false,
        inclusiveEndsInDays: null,
        sections: 200,
        lms: ['canvas'],
      },
      {
        key: 'dunmore',
        name: 'Dunmore Community College',
        domain: 'dunmorecc.edu',
        censusDuration: 30,
        offerType: 'DIRECT_TO_STUDENT',
        orgInclusiveId: null,
        inclusiveAccess: false,
        inclusiveEndsInDays: null,
        sections: 180,
        lms: ['blackboard'],
      },
    ],
  },
  {
    name: 'Sun Coast State College System',
    institutions: [
      {
        key: 'gulfport-state',
        name: 'Gulfport State College',
        domain: 'gulfportstate.edu',
        censusDuration: 21,
        offerType: 'INCLUSIVE_ACCESS',
        orgInclusiveId: 'IA-200114',
        inclusiveAccess: true,
        inclusiveEndsInDays: 240,
        sections: 280,
        lms: ['canvas', 'd2l'],
      },
      {
        key: 'palm-harbor',
        name: 'Palm Harbor College',
        domain: 'palmharbor.edu',
        censusDuration: -1,
        offerType: 'OPT_IN',
        orgInclusiveId: null,
        inclusiveAccess: false,
        inclusiveEndsInDays: null,
        sections: 240,
        lms: ['canvas'],
      },
      {
        key: 'seminole-bay',
        name: 'Seminole Bay State College',
        domain: 'seminolebay.edu',
        censusDuration: 14,
        offerType: 'INCLUSIVE_ACCESS',
        orgInclusiveId: 'IA-200391',
        inclusiveAccess: true,
        inclusiveEndsInDays: -30,
        sections: 220,
        lms: ['blackboard'],
      },
      {
        key: 'tamiami',
        name: 'Tamiami Community College',
        domain: 'tamiamicc.edu',
        censusDuration: 10,
        offerType: 'EQUITABLE_ACCESS',
        orgInclusiveId: 'IA-200455',
        inclusiveAccess: false,
        inclusiveEndsInDays: 75,
        sections: 200,
        lms: ['canvas'],
      },
    ],
  },
  {
    name: 'Northern Plains University System',
    institutions: [
      {
        key: 'wheatland-state',
        name: 'Wheatland State University',
        domain: 'wheatlandstate.edu',
        censusDuration: 30,
        offerType: 'INCLUSIVE_ACCESS',
        orgInclusiveId: 'IA-300027',
        inclusiveAccess: true,
        inclusiveEndsInDays: 300,
        sections: 300,
        lms: ['blackboard', 'canvas'],
      },
      {
        key: 'red-butte',
        name: 'Red Butte University',
        domain: 'redbutte.edu',
        censusDuration: -1,
        offerType: 'DIRECT_TO_STUDENT',
        orgInclusiveId: null,
        inclusiveAccess: false,
        inclusiveEndsInDays: null,
        sections: 220,
        lms: ['canvas'],
      },
      {
        key: 'prairie-wind',
        name: 'Prairie Wind Technical Institute',
        domain: 'prairiewind.edu',
        censusDuration: 7,
        offerType: null,
        orgInclusiveId: null,
        inclusiveAccess: false,
        inclusiveEndsInDays: null,
        sections: 160,
        lms: ['blackboard'],
      },
    ],
  },
  {
    name: 'Cascadia College Consortium',
    institutions: [
      {
        key: 'evergreen-ridge',
        name: 'Evergreen Ridge College',
        domain: 'evergreenridge.edu',
        censusDuration: 21,
        offerType: 'EQUITABLE_ACCESS',
        orgInclusiveId: 'IA-400210',
        inclusiveAccess: true,
        inclusiveEndsInDays: 160,
        sections: 260,
        lms: ['canvas'],
      },
      {
        key: 'puget-harbor',
        name: 'Puget Harbor Community College',
        domain: 'pugetharbor.edu',
        censusDuration: -1,
        offerType: 'OPT_IN',
        orgInclusiveId: null,
        inclusiveAccess: false,
        inclusiveEndsInDays: null,
        sections: 220,
        lms: ['canvas', 'moodle'],
      },
      {
        key: 'willamette-falls',
        name: 'Willamette Falls College',
        domain: 'willamettefalls.edu',
        censusDuration: 14,
        offerType: 'INCLUSIVE_ACCESS',
        orgInclusiveId: 'IA-400388',
        inclusiveAccess: true,
        inclusiveEndsInDays: 20,
        sections: 180,
        lms: ['blackboard'],
      },
    ],
  },
];

/** Channel partners products are sold through. */
export const CHANNEL_PARTNERS = [
  { code: 'DIRECT', name: 'Direct (Publisher)' },
  { code: 'CAMPUS_BOOKS', name: 'Campus Books Co.' },
  { code: 'EDU_RETAIL', name: 'EduRetail Partners' },
  { code: 'BOOKSTORE_NET', name: 'Bookstore Network' },
] as const;
