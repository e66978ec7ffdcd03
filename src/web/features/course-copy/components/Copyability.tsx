import { Badge, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCopy, IconCopyOff } from '@tabler/icons-react';
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

/**
 * A mark beside the row's selection box: copyable, or not with the copy rule's reason (its text
 * for screen readers and tests, a tooltip for the eye), so the column stays narrow.
 */
export function CopyabilityCell({ check }: { check: CopyValidation | undefined }) {
  const { t } = useTranslation();
  const texts = useCopyTexts();
  if (!check) return null;
  if (check.valid)
    return (
      <Tooltip label={t('courseCopy.copyable.yes')}>
        <Badge
          color="teal"
          variant="light"
          c="dark.8"
          px={4}
          data-testid="copyable"
          aria-label={t('courseCopy.copyable.yes')}
        >
          <IconCopy size={12} aria-hidden="true" />
          <VisuallyHidden>{t('courseCopy.copyable.yes')}</VisuallyHidden>
        </Badge>
      </Tooltip>
    );
  const reason = texts.validation(check.code ?? 0);
  return (
    <Tooltip label={`${t('courseCopy.copyable.no')}: ${reason}`} multiline w={220}>
      <Badge color="gray" variant="light" c="dark.8" px={4} data-testid="not-copyable" tabIndex={0}>
        <IconCopyOff size={12} aria-hidden="true" />
        <VisuallyHidden>
          {t('courseCopy.copyable.no')}: {reason}
        </VisuallyHidden>
      </Badge>
    </Tooltip>
  );
}
