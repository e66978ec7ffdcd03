import { Alert, Button, Center, EmptyState, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlugConnected, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/Page';
import { useAppSession } from '../../../session';
import { useErrorText } from '../../../lib/error-text';
import { useMenuFocusReturn } from '../../../lib/menu-focus-return';
import { notifyError, notifySuccess } from '../../../lib/notify';
import {
  type Registration,
  type RegistrationStatus,
  useDeleteRegistration,
  useLtiRegistrations,
  useSetRegistrationStatus,
} from '../api';
import { RegistrationDrawer } from '../components/RegistrationDrawer';
import { RegistrationFormModal } from '../components/RegistrationFormModal';
import { type RegistrationAction, RegistrationsTable } from '../components/RegistrationsTable';
import { ToolSetup } from '../components/ToolSetup';

type Dialog = { kind: 'add' } | { kind: 'edit' | 'details'; registration: Registration } | null;

/** /ltiIntegrations: the chosen institution's LTI 1.3 registrations, tool URLs and keys. */
export default function LtiIntegrationsPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { institution } = useAppSession();
  const orgId = institution?.orgId ?? null;
  const list = useLtiRegistrations(orgId);
  const setStatus = useSetRegistrationStatus();
  const remove = useDeleteRegistration();
  const [dialog, setDialog] = useState<Dialog>(null);
  const focus = useMenuFocusReturn();
  const canEdit = list.data?.canEdit ?? false;
  const title = t('pages.lti.title');

  const closeDialog = () => {
    setDialog(null);
    focus.restore();
  };

  const changeStatus = (r: Registration, status: RegistrationStatus, done: string) =>
    setStatus.mutate(
      { id: r.registrationId, status },
      { onSuccess: () => notifySuccess(done), onError: notifyError },
    );

  const confirmDelete = (r: Registration) =>
    modals.openConfirmModal({
      title: t('lti.delete.title'),
      closeButtonProps: { 'aria-label': t('common.close') },
      children: <Text size="sm">{t('lti.delete.text', { name: r.name })}</Text>,
      labels: { confirm: t('lti.delete.confirm'), cancel: t('lti.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'lti-confirm-delete' } as Record<string, string>,
      onClose: focus.restore,
      onConfirm: () =>
        remove.mutate(r.registrationId, {
          onSuccess: () => notifySuccess(t('lti.deleted', { name: r.name })),
          onError: notifyError,
        }),
    });

  const act = (r: Registration, action: RegistrationAction) => {
    focus.remember();
    if (action === 'approve') changeStatus(r, 'active', t('lti.approved', { name: r.name }));
    else if (action === 'enable') changeStatus(r, 'active', t('lti.enabled', { name: r.name }));
    else if (action === 'disable') changeStatus(r, 'disabled', t('lti.disabled', { name: r.name }));
    else if (action === 'delete') confirmDelete(r);
    else setDialog({ kind: action, registration: r });
  };

  if (orgId === null) {
    return (
      <Page title={title} description={t('pages.lti.description')}>
        <Alert color="blue">{t('lti.noInstitution')}</Alert>
      </Page>
    );
  }

  return (
    <Page title={title} description={t('pages.lti.description')}>
      <Stack gap="sm">
        <Group justify="space-between" align="center" gap="sm">
          <Title order={2} size="h4">
            {t('lti.list.title')}
          </Title>
          {canEdit && (
            <Button
              leftSection={<IconPlus size={16} aria-hidden="true" />}
              onClick={() => setDialog({ kind: 'add' })}
              data-testid="lti-add"
            >
              {t('lti.add')}
            </Button>
          )}
        </Group>
        {list.isPending ? (
          <Center py="xl">
            <Loader aria-label={t('app.loading')} />
          </Center>
        ) : list.isError ? (
          <Alert color="red" role="alert">
            {errorText(list.error)}
          </Alert>
        ) : list.data.registrations.length === 0 ? (
          <EmptyState
            icon={<IconPlugConnected aria-hidden="true" />}
            withIndicatorBackground
            title={t('lti.none')}
            description={t('lti.noneHint')}
            py="xl"
            data-testid="lti-empty"
          />
        ) : (
          <RegistrationsTable registrations={list.data.registrations} onAction={act} />
        )}
      </Stack>
      <ToolSetup orgId={orgId} canEdit={canEdit} />
      {(dialog?.kind === 'add' || dialog?.kind === 'edit') && (
        <RegistrationFormModal
          orgId={orgId}
          registration={dialog.kind === 'edit' ? dialog.registration : null}
          onClose={closeDialog}
        />
      )}
      {dialog?.kind === 'details' && (
        <RegistrationDrawer registration={dialog.registration} onClose={closeDialog} />
      )}
    </Page>
  );
}
