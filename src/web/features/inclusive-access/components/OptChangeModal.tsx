import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OptChangeBody, REASON_MAX } from '../../../../shared/contract/inclusive-access';
import type { OptStatus } from '../../../../shared/status';
import { useErrorText } from '../../../lib/error-text';
import { useContractForm } from '../../../lib/form';
import { notifySuccess } from '../../../lib/notify';
import { useOptChange } from '../api';

interface Props {
  sectionId: number;
  enrollmentId: number;
  studentName: string;
  to: OptStatus;
  /** After census: a late override, reason required. */
  late: boolean;
  onClose: () => void;
}

/** Confirms an opt status change; after census asks for the required reason of the late override. */
export function OptChangeModal({ sectionId, enrollmentId, studentName, to, late, onClose }: Props) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const change = useOptChange(sectionId);
  const form = useContractForm({
    schema: OptChangeBody,
    initialValues: { reason: '' },
    transformValues: ({ reason }) => ({
      enrollmentId,
      optStatus: to,
      ...(reason.trim() ? { reason: reason.trim() } : {}),
    }),
  });
  const missing = late && form.values.reason.trim() === '';
  const title = t(to === 'optout' ? 'inclusiveAccess.actions.optOut' : 'inclusiveAccess.actions.optIn');
  const submit = form.onSubmit((body) =>
    change.mutate(body, {
      onSuccess: () => {
        notifySuccess(t('inclusiveAccess.actions.optChanged', { name: studentName }));
        onClose();
      },
    }),
  );
  return (
    <Modal opened onClose={onClose} title={title} closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Stack>
        <Text size="sm">{t('inclusiveAccess.actions.optConfirm', { name: studentName })}</Text>
        {late && (
          <Alert color="yellow" data-testid="late-override-note">
            {t('inclusiveAccess.actions.lateNote')}
          </Alert>
        )}
        {late && (
          <Textarea
            label={t('inclusiveAccess.actions.reason')}
            required
            maxLength={REASON_MAX}
            {...form.getInputProps('reason')}
            data-testid="opt-reason"
          />
        )}
        {change.isError && <Alert color="red">{errorText(change.error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('inclusiveAccess.actions.cancel')}
          </Button>
          <Button
            onClick={() => submit()}
            disabled={missing}
            loading={change.isPending}
            data-testid="opt-confirm"
          >
            {title}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
