import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconCheck, IconLock } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBeforeUnload, useBlocker } from 'react-router';
import { UpdateInstitutionBody } from '../../../../shared/contract/admin-tools';
import { CENSUS_NOT_SET } from '../../../../shared/constants';
import { can } from '../../../../shared/permissions';
import { timeZoneNames } from '../../../../shared/dates';
import { OFFER_TYPES } from '../../../../shared/status';
import { ORG_INCLUSIVE_ID_MAX, formatUsDate } from '../../../../shared/validation';
import { Page } from '../../../components/Page';
import { useAppSession } from '../../../session';
import { isApiError } from '../../../lib/api';
import { errorText } from '../../../lib/error-text';
import { useContractForm } from '../../../lib/form';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { type InstitutionDetails, useInstitutionDetails } from '../../institutions';
import { type InstitutionSettings, useUpdateInstitution } from '../api';

interface Values {
  censusEnabled: boolean;
  /** As typed: checked, never clamped (spec §5). */
  censusDuration: string;
  offerType: string | null;
  orgInclusiveId: string;
  inclusiveAccess: boolean;
  /** IANA zone that decides "today" for the institution. */
  timeZone: string;
}

const valuesOf = (d: InstitutionDetails): Values => ({
  censusEnabled: d.censusDuration !== CENSUS_NOT_SET,
  censusDuration: d.censusDuration === CENSUS_NOT_SET ? '' : String(d.censusDuration),
  offerType: d.offerType,
  orgInclusiveId: d.orgInclusiveId ?? '',
  inclusiveAccess: d.inclusiveAccess,
  timeZone: d.timeZone,
});

/** The zones to choose from (the runtime's IANA list), with the stored one even if the list lacks it. */
const zoneChoices = (current: string) => {
  const all = timeZoneNames();
  return all.includes(current) ? all : [current, ...all];
};

/** /adminTools (Inclusive Access): census duration, offer type, inclusive id, inclusive access and time zone. */
export default function AdminToolsPage() {
  const { t } = useTranslation();
  const { institution } = useAppSession();
  const orgId = institution?.orgId ?? null;
  const details = useInstitutionDetails(orgId);
  const title = t('pages.adminTools.title');

  let body: ReactNode;
  if (!institution) {
    body = (
      <Alert color="blue" data-testid="empty-institution">
        {t('adminTools.emptyInstitution')}
      </Alert>
    );
  } else if (details.isError) {
    const unknown = isApiError(details.error) && details.error.status === 404;
    body = (
      <Alert color={unknown ? 'orange' : 'red'} role="alert" data-testid="unknown-institution">
        {unknown ? t('adminTools.unknownInstitution') : errorText(details.error)}
      </Alert>
    );
  } else if (!details.data) {
    body = <Loader aria-label={t('app.loading')} />;
  } else {
    body = <SettingsForm key={details.data.orgId} details={details.data} />;
  }
  return (
    <Page title={title} description={t('pages.adminTools.description')}>
      {body}
    </Page>
  );
}

const WHOLE = /^\d+$/;

/** The settings as the contract takes them; census typed as anything but a whole number stays invalid. */
const settingsOf = (v: Values, version: number): InstitutionSettings => ({
  censusDuration: !v.censusEnabled
    ? CENSUS_NOT_SET
    : WHOLE.test(v.censusDuration)
      ? Number(v.censusDuration)
      : NaN,
  offerType: (v.offerType as InstitutionSettings['offerType']) ?? null,
  orgInclusiveId: v.orgInclusiveId.trim() || null,
  inclusiveAccess: v.inclusiveAccess,
  timeZone: v.timeZone,
  version,
});

function useSettingsForm(details: InstitutionDetails) {
  const { t } = useTranslation();
  const save = useUpdateInstitution(details.orgId);
  const [saved, setSaved] = useState(false);
  const form = useContractForm({
    schema: UpdateInstitutionBody,
    initialValues: valuesOf(details),
    transformValues: (v: Values) => settingsOf(v, details.version),
    // spec §5 texts: not a whole number, or out of 1..365
    texts: (key, path) =>
      path !== 'censusDuration'
        ? undefined
        : t(
            key === 'invalid' || key === 'notInteger'
              ? 'validation.durationNumber'
              : 'validation.durationRange',
          ),
    onValuesChange: () => setSaved(false),
  });
  const submit = form.onSubmit((body) => {
    save.mutate(body, {
      onSuccess: (res) => {
        form.setInitialValues(valuesOf(res.institution));
        form.reset();
        setSaved(res.saved);
        notifySuccess(t('adminTools.saved'));
      },
      onError: notifyError,
    });
  });
  return { form, submit, saved, pending: save.isPending };
}

function SettingsForm({ details }: { details: InstitutionDetails }) {
  const { t } = useTranslation();
  const { capabilities } = useAppSession();
  const editable = can(capabilities, 'editAdminTools');
  const { form, submit, saved, pending } = useSettingsForm(details);
  return (
    <form onSubmit={submit} noValidate data-testid="admin-tools-form">
      <Card withBorder padding="lg" maw={720}>
        <Stack>
          <Group justify="space-between">
            <Text fw={600}>{details.displayName.toUpperCase()}</Text>
            <Group gap="xs">
              {saved && (
                <Badge
                  color="green"
                  leftSection={<IconCheck size={12} aria-hidden="true" />}
                  data-testid="saved-flag"
                >
                  {t('adminTools.savedFlag')}
                </Badge>
              )}
              <Text size="xs" c="dimmed">
                {t('adminTools.lastSaved', { date: formatUsDate(details.updatedAt) })}
              </Text>
            </Group>
          </Group>
          {!editable && (
            <Alert color="gray" icon={<IconLock size={16} aria-hidden="true" />} data-testid="read-only">
              {t('adminTools.readOnly')}
            </Alert>
          )}
          <SettingsFields form={form} editable={editable} storedZone={details.timeZone} />
          {editable && (
            <Group justify="flex-end">
              <Button
                variant="default"
                onClick={() => form.reset()}
                disabled={!form.isDirty()}
                data-testid="cancel"
              >
                {t('adminTools.cancel')}
              </Button>
              <Button type="submit" loading={pending} disabled={!form.isDirty()} data-testid="save">
                {t('adminTools.save')}
              </Button>
            </Group>
          )}
        </Stack>
      </Card>
      <UnsavedWarning dirty={editable && form.isDirty()} />
    </form>
  );
}

/** What the fields read of the settings form. */
type SettingsFormT = Pick<UseFormReturnType<Values>, 'getInputProps' | 'getValues'>;

/** The five settings. */
function SettingsFields({
  form,
  editable,
  storedZone,
}: {
  form: SettingsFormT;
  editable: boolean;
  storedZone: string;
}) {
  const { t } = useTranslation();
  const values = form.getValues();
  return (
    <>
      <Switch
        label={t('adminTools.censusEnabled')}
        disabled={!editable}
        {...form.getInputProps('censusEnabled', { type: 'checkbox' })}
        data-testid="census-enabled"
      />
      <TextInput
        label={t('adminTools.censusDuration')}
        description={values.censusEnabled ? t('adminTools.censusHint') : t('adminTools.censusOff')}
        inputMode="numeric"
        disabled={!editable || !values.censusEnabled}
        {...form.getInputProps('censusDuration')}
        data-testid="census-duration"
      />
      <Select
        label={t('adminTools.offerType')}
        data={OFFER_TYPES.map((o) => ({ value: o, label: t(`status.offerType.${o}`) }))}
        placeholder={t('adminTools.noOfferType')}
        clearable
        disabled={!editable}
        {...form.getInputProps('offerType')}
        data-testid="offer-type"
      />
      <TextInput
        label={t('adminTools.orgInclusiveId')}
        maxLength={ORG_INCLUSIVE_ID_MAX}
        disabled={!editable}
        {...form.getInputProps('orgInclusiveId')}
        data-testid="org-inclusive-id"
      />
      <Switch
        label={t('adminTools.inclusiveAccess')}
        disabled={!editable}
        {...form.getInputProps('inclusiveAccess', { type: 'checkbox' })}
        data-testid="inclusive-access"
      />
      <Select
        label={t('adminTools.timeZone')}
        description={t('adminTools.timeZoneHint')}
        data={zoneChoices(storedZone)}
        searchable
        allowDeselect={false}
        disabled={!editable}
        {...form.getInputProps('timeZone')}
        data-testid="time-zone"
      />
    </>
  );
}

/** Spec §5: leaving with unsaved changes warns; the browser asks too when the tab closes. */
function UnsavedWarning({ dirty }: { dirty: boolean }) {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useBeforeUnload((e) => {
    if (dirty) e.preventDefault();
  });
  useEffect(() => {
    if (blocker.state === 'blocked' && !dirty) blocker.reset();
  }, [blocker, dirty]);
  return (
    <Modal
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title={t('adminTools.unsavedTitle')}
      data-testid="unsaved-warning"
    >
      <Stack>
        <Text data-testid="unsaved-text">{t('adminTools.unsaved')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => blocker.proceed?.()} data-testid="leave-anyway">
            {t('adminTools.leave')}
          </Button>
          <Button onClick={() => blocker.reset?.()} data-testid="stay">
            {t('adminTools.stay')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
