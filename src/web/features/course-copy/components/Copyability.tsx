import { Badge, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type CopyValidation, useCopyValidations } from '../api';
import { useCopyTexts } from '../texts';

/**
 * Which sections of a list page may be copied, asked of the copy rules themselves
 * (GET copyCourseValidations): sectionId → its validation. Empty until the answer arrives.
 */
export function usePageCopyability(organizationId: number, sectionIds: number[], enabled: boolean) {
  const checks = useCopyValidations(organizationId, enabled ? sectionIds : [], 'copy');
  return useMemo(
    () => new Map((checks.data?.validations ?? []).map((v) => [v.sectionId, v] as const)),
    [checks.data],
  );
}

/** "Copyable", or "Not copyable" with the copy rule's reason beneath it. */
export function CopyabilityCell({ check }: { check: CopyValidation | undefined }) {
  const { t } = useTranslation();
  const texts = useCopyTexts();
  if (!check) return null;
  if (check.valid)
    return (
      <Badge color="teal" variant="light" c="dark.8" data-testid="copyable">
        {t('courseCopy.copyable.yes')}
      </Badge>
    );
  return (
    <Stack gap={2} data-testid="not-copyable">
      <Badge color="gray" variant="light" c="dark.8">
        {t('courseCopy.copyable.no')}
      </Badge>
      <Text size="xs" c="dimmed" maw={220}>
        {texts.validation(check.code ?? 0)}
      </Text>
    </Stack>
  );
}
