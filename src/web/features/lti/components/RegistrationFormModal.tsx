import { Button, Group, Modal, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LTI_LMS_KINDS,
  LTI_MAX_DEPLOYMENTS,
  UpdateLtiRegistrationBody,
} from '../../../../shared/contract/lti';
import { applyFieldErrors } from '../../../lib/error-text';
import { type FieldTextOverrides, useContractForm } from '../../../lib/form';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { type Registration, useCreateRegistration, useUpdateRegistration } from '../api';
import { DeploymentInstitutions } from './DeploymentInstitutions';

interface Values {
  lmsKind: string;
  name: string;
  issuer: string;
  clientId: string;
  deployments: string;
  authLoginUrl: string;
  authTokenUrl: string;
  keysetUrl: string;
}

const lines = (v: string) =>
  v
    .split(/\r?\n/)
    .map((s) => s.trim())
    .filter(Boolean);

/** The form's texts where they differ from the contract's (a blank field is "Required."). */
function useRegistrationTexts(): FieldTextOverrides {
  const { t } = useTranslation();
  return (key, path) => {
    if (key === 'required' || (key === 'choice' && path === 'lmsKind')) return t('lti.form.required');
    if (key === 'messages.platformUrl') return t('lti.form.urlInvalid');
    if (key === 'tooFewItems') return t('lti.form.deploymentsRequired');
    if (key === 'tooManyItems') return t('lti.form.deploymentsTooMany', { max: LTI_MAX_DEPLOYMENTS });
    if (key === 'messages.deploymentOnce') return t('lti.form.deploymentsDuplicate');
    return undefined;
  };
}

/** Add a registration by hand, or edit one. Deployment ids one per line; kept ones keep their institution. */
export function RegistrationFormModal({
  orgId,
  registration,
  onClose,
}: {
  orgId: number;
  registration: Registration | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateRegistration();
  const update = useUpdateRegistration();
  const owner = registration?.organizationId ?? orgId;
  const [mapping, setMapping] = useState<Record<string, number>>(() =>
    Object.fromEntries(registration?.deployments.map((d) => [d.deploymentId, d.organizationId]) ?? []),
  );
  const form = useContractForm({
    schema: UpdateLtiRegistrationBody,
    texts: useRegistrationTexts(),
    initialValues: {
      lmsKind: registration?.lmsKind ?? '',
      name: registration?.name ?? '',
      issuer: registration?.issuer ?? '',
      clientId: registration?.clientId ?? '',
      deployments: registration?.deployments.map((d) => d.deploymentId).join('\n') ?? '',
      authLoginUrl: registration?.authLoginUrl ?? '',
      authTokenUrl: registration?.authTokenUrl ?? '',
      keysetUrl: registration?.keysetUrl ?? '',
    } as Values,
    transformValues: (v) => ({
      lmsKind: v.lmsKind as (typeof LTI_LMS_KINDS)[number],
      name: v.name.trim(),
      issuer: v.issuer.trim(),
      clientId: v.clientId.trim(),
      deployments: lines(v.deployments).map((deploymentId) => ({
        deploymentId,
        organizationId: Object.hasOwn(mapping, deploymentId) ? mapping[deploymentId] : undefined,
      })),
      authLoginUrl: v.authLoginUrl.trim(),
      authTokenUrl: v.authTokenUrl.trim() || null,
      keysetUrl: v.keysetUrl.trim(),
    }),
  });
  const known = (registration?.deployments ?? []).map((d) => ({
    value: String(d.organizationId),
    label: d.institutionName,
  }));

  const submit = form.onSubmit((body) => {
    const done = {
      onSuccess: () => {
        notifySuccess(registration ? t('lti.updated') : t('lti.created'));
        onClose();
      },
      onError: (e: unknown) => {
        if (!applyFieldErrors(form, e)) notifyError(e);
      },
    };
    if (registration) update.mutate({ id: registration.registrationId, body }, done);
    else create.mutate({ organizationId: orgId, ...body }, done);
  });

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
      title={registration ? t('lti.form.editTitle', { name: registration.name }) : t('lti.form.addTitle')}
    >
      <form onSubmit={submit} noValidate data-testid="lti-form">
        <Stack>
          <RegistrationFields
            form={form}
            deploymentInstitutions={
              <DeploymentInstitutions
                ids={lines(form.values.deployments)}
                mapping={mapping}
                known={known}
                owner={owner}
                onChange={setMapping}
              />
            }
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('lti.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending} data-testid="lti-save">
              {t('lti.form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The registration's fields; the deployments' institutions below the deployment ids. */
function RegistrationFields({
  form,
  deploymentInstitutions,
}: {
  form: Pick<UseFormReturnType<Values>, 'getInputProps'>;
  deploymentInstitutions: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('lti.form.lmsKind')}
          data={LTI_LMS_KINDS.map((k) => ({ value: k, label: t(`lti.kinds.${k}`) }))}
          allowDeselect={false}
          withAsterisk
          data-testid="lti-lms-kind"
          {...form.getInputProps('lmsKind')}
        />
        <TextInput label={t('lti.form.name')} withAsterisk maxLength={120} {...form.getInputProps('name')} />
      </SimpleGrid>
      <TextInput
        label={t('lti.form.issuer')}
        description={t('lti.form.issuerHint')}
        withAsterisk
        {...form.getInputProps('issuer')}
      />
      <TextInput
        label={t('lti.form.clientId')}
        withAsterisk
        maxLength={255}
        {...form.getInputProps('clientId')}
      />
      <Textarea
        label={t('lti.form.deployments')}
        description={t('lti.form.deploymentsHint')}
        withAsterisk
        autosize
        minRows={2}
        maxRows={6}
        {...form.getInputProps('deployments')}
      />
      {deploymentInstitutions}
      <TextInput label={t('lti.form.authLoginUrl')} withAsterisk {...form.getInputProps('authLoginUrl')} />
      <TextInput
        label={t('lti.form.authTokenUrl')}
        description={t('lti.form.authTokenUrlHint')}
        {...form.getInputProps('authTokenUrl')}
      />
      <TextInput label={t('lti.form.keysetUrl')} withAsterisk {...form.getInputProps('keysetUrl')} />
    </>
  );
}
