import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { adminToolsApi, type UpdateInstitutionBody } from '../../../shared/contract/admin-tools';
import { call } from '../../lib/api';
import { institutionDataKeys } from '../institutions';

export type InstitutionSettings = z.input<typeof UpdateInstitutionBody>;

/** PUT /api/institution/updateInstitution: saves the Inclusive Access settings (409 when stale). */
export function useUpdateInstitution(orgId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: InstitutionSettings) =>
      call(adminToolsApi.updateInstitution, {
        query: { organizationId: orgId },
        body,
      }),
    onSuccess: (res) => qc.setQueryData(institutionDataKeys.details(orgId), res.institution),
  });
}
