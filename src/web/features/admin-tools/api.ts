import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { UpdateInstitutionBody, UpdateInstitutionResponse } from '../../../shared/contract/admin-tools';
import { api } from '../../lib/api';
import { institutionDataKeys } from '../institutions';

export type InstitutionSettings = z.input<typeof UpdateInstitutionBody>;

/** PUT /api/institution/updateInstitution: saves the Inclusive Access settings (409 when stale). */
export function useUpdateInstitution(orgId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: InstitutionSettings) =>
      api<z.infer<typeof UpdateInstitutionResponse>>('/api/institution/updateInstitution', {
        method: 'PUT',
        query: { organizationId: orgId },
        body,
      }),
    onSuccess: (res) => qc.setQueryData(institutionDataKeys.details(orgId), res.institution),
  });
}
