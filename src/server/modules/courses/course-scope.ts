import type { FastifyRequest } from 'fastify';
import type { OrgSource } from '../../plugins/access';
import { notFound } from '../../lib/app-error';
import { institutionOfSection } from './course-detail.queries';

/**
 * An access `org` source that finds the institution of the section a request names, and answers
 * 404 for an unknown or removed section (before any capability check).
 */
export function sectionOrg(pick: (req: FastifyRequest) => unknown): OrgSource {
  return async (req, db) => {
    const id = Number(pick(req));
    const institutionId = Number.isInteger(id) && id > 0 ? await institutionOfSection(db, id) : undefined;
    if (institutionId === undefined) throw notFound('Course');
    return institutionId;
  };
}

export const sectionInQuery = sectionOrg((r) => (r.query as { sectionId?: unknown }).sectionId);
export const sectionInBody = sectionOrg((r) => (r.body as { sectionId?: unknown } | undefined)?.sectionId);
