import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUDIT_CSV_FILE, AUDIT_XLSX_FILE, auditApi } from '../../../shared/contract/audit';
import { CsvResponse } from '../../../shared/contract/reports';
import { sendCsv, sendDownload } from '../../lib/csv';
import { XLSX_TYPE, xlsxStream } from '../../lib/xlsx';
import { errorResponses } from '../../lib/error-responses';
import { routeOptions } from '../../lib/route-options';
import { auditActors } from './audit.queries';
import { auditCsv, auditPage } from './audit.service';

const errors = errorResponses(401, 403, 404, 422);
const options = { tags: ['audit'], errors };
const access = { rule: 'viewAudit', org: 'query' } as const;

/** The audit log screen: the audit rows of one institution, and their CSV. */
export async function auditRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOptions(auditApi.page, options, {
      description:
        "One page of the institution's audit rows, newest first, filtered; page on with nextCursor.",
    }),
    config: { access },
    handler: (req) => auditPage(req.server.db, req.query),
  });

  r.route({
    ...routeOptions(auditApi.actors, options, {
      description: 'The actor picker: people who wrote audit rows of the institution, found by name.',
    }),
    config: { access },
    handler: async (req) => ({
      actors: (await auditActors(req.server.db, req.query.organizationId, req.query.q)).map((u) => ({
        userId: u.userId,
        name: `${u.firstName} ${u.lastName}`.trim(),
        username: u.username,
      })),
    }),
  });

  // A download: its 200 is documented as the CSV text.
  r.route({
    ...routeOptions(
      auditApi.export,
      {
        tags: ['audit'],
        errors: { 200: CsvResponse, ...errors },
      },
      {
        description: `${AUDIT_CSV_FILE} or ${AUDIT_XLSX_FILE}: every audit row the filters select, newest first, as CSV (text/csv) or .xlsx (format=xlsx).`,
        produces: ['text/csv', XLSX_TYPE],
      },
    ),
    config: { access },
    handler: async (req, reply) => {
      const { format, ...filters } = req.query;
      const out = await auditCsv(req.server.db, filters);
      if (format === 'csv') return sendCsv(reply, out.fileName, out.columns, out.rows);
      const sheet = await xlsxStream(out.columns, out.rows, 'Audit log');
      return sendDownload(reply, AUDIT_XLSX_FILE, XLSX_TYPE, sheet);
    },
  });
}
