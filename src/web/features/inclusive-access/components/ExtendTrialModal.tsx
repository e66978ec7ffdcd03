import { Alert, Button, Group, Modal, NumberInput, Stack, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ExtendTrialBody, REASON_MAX } from '../../../../shared/contract/inclusive-access';
import { useErrorText } from '../../../lib/error-text';
import { useContractForm } from '../../../lib/form';
import { notifySuccess } from '../../../lib/notify';
import { useExtendTrial } from '../api';

/** Extends a student's running 14 day trial by 1 to 14 days, with a required reason. */
export function ExtendTrialModal(p: {
  sectionId: number;
  enrollmentId: number;
  studentName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const extend = useExtendTrial(p.sectionId);
  const form = useContractForm({
    schema: ExtendTrialBody,
    initialValues: { days: 7 as number | string, reason: '' },
    transformValues: (v) => ({ enrollmentId: p.enrollmentId, days: Number(v.days), reason: v.reason.trim() }),
  });
  const submit = form.onSubmit((body) =>
    extend.mutate(body, {
      onSuccess: () => {
        notifySuccess(t('inclusiveAccess.actions.trialExtended', { name: p.studentName }));
        p.onClose();
      },
    }),
  );
  return (
    <Modal
      opened
      onClose={p.onClose}
      title={t('inclusiveAccess.actions.extendTrial')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack>
        <NumberInput
          label={t('inclusiveAccess.actions.days')}
          min={1}
          max={14}
          allowDecimal={false}
          {...form.getInputProps('days')}
        />
        <Textarea
          label={t('inclusiveAccess.actions.reason')}
          required
          maxLength={REASON_MAX}
          {...form.getInputProps('reason')}
        />
        {extend.isError && <Alert color="red">{errorText(extend.error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={p.onClose}>
            {t('inclusiveAccess.actions.cancel')}
          </Button>
          <Button
            onClick={() => submit()}
            disabled={form.values.reason.trim() === ''}
            loading={extend.isPending}
          >
            {t('inclusiveAccess.actions.extendTrial')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
