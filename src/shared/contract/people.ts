import { z } from 'zod';
import { text } from './common';
import { defineRoute } from './route';

/** GET /api/people?q=&page=&pageSize=: provider staff find a person across institutions. */
export const PeopleQuery = z.object({
  q: text()
    .trim()
    .min(2, 'Type at least 2 characters.')
    .max(100)
    .describe('Part of the name, e-mail or user name (at least 2 characters, case-insensitive).'),
  page: z.coerce.number().int().min(1).max(100_000).default(1).describe('1-based page number.'),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(20)
    .describe('People per page (1-100, default 20).'),
});

export const PersonInstitution = z.object({
  orgId: z.number().int().describe('Institution id.'),
  displayName: z.string().describe("The institution's display name."),
  courseRole: z
    .string()
    .nullable()
    .describe('Course role of the membership (instructor, ta, student, admin); null with roles only.'),
  roles: z.array(z.string()).describe("Names of the institution's roles the person holds, by name."),
});

export const Person = z.object({
  userId: z.number().int().describe('User id.'),
  firstName: z.string().describe('First name.'),
  lastName: z.string().describe('Last name.'),
  email: z.string().describe('E-mail address.'),
  username: z.string().describe('User name.'),
  status: z.string().describe('Account status: active, pending or disabled.'),
  institutions: z
    .array(PersonInstitution)
    .describe('Every institution the person belongs to or holds a role in, by name.'),
});

export const PeopleResponse = z.object({
  total: z.number().int().describe('People matching, over all pages.'),
  page: z.number().int().describe('This page (1-based).'),
  pageSize: z.number().int().describe('People per page.'),
  people: z.array(Person).describe('This page of people, by last then first name.'),
});
export type PeopleQueryT = z.infer<typeof PeopleQuery>;
export type PeopleResponseT = z.infer<typeof PeopleResponse>;

/** Find a person (provider staff). */
export const peopleApi = {
  find: defineRoute({ method: 'GET', path: '/api/people', query: PeopleQuery, response: PeopleResponse }),
};
