import { Alert, Button, Checkbox, Group, Modal, NumberInput, Select, Stack, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACT_AS_MAX_MINUTES, StartActAsBody } from '../../../../shared/contract/act-as';
import { useErrorText } from '../../../lib/error-text';
import { useContractForm } from '../../../lib/form';
import { useActAsCandidates, useStartActAs } from '../api';

interface Props {
  organizationId: number;
  institutionName: string;
  /** Super admins may allow changes. */
  mayAllowWrites: boolean;
  /** A user chosen beforehand (e.g. from the users list). */
  user?: { userId: number; displayName: string } | null;
  onClose: () => void;
}

/** The chosen user, a reason, the minutes and whether changes are allowed, as the start body. */
function useStartForm(organizationId: number, userId: string | null) {
  const { t } = useTranslation();
  return useContractForm({
    schema: StartActAsBody,
    initialValues: { userId, reason: '', minutes: 30, allowWrites: false },
    transformValues: (v) => ({ ...v, organizationId, userId: Number(v.userId), reason: v.reason.trim() }),
    texts: (key, path) =>
      path === 'userId'
        ? t('actAs.userRequired')
        : path === 'reason' && key === 'messages.reasonRequired'
          ? t('actAs.reasonRequired')
          : undefined,
    liveAfterSubmit: true,
  });
}

/** Starts act-as: a member of the institution, a required reason, a duration up to 60 min. */
export function StartActAsModal({ organizationId, institutionName, mayAllowWrites, user, onClose }: Props) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const start = useStartActAs();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const form = useStartForm(organizationId, user ? String(user.userId) : null);
  const found = useActAsCandidates(organizationId, debounced, !user);
  const options = useMemo(() => {
    const list = (found.data?.users ?? []).map((u) => ({
      value: String(u.userId),
      label: u.role ? `${u.displayName} (${u.username}) · ${u.role}` : `${u.displayName} (${u.username})`,
    }));
    if (user && !list.some((o) => o.value === String(user.userId)))
      list.unshift({ value: String(user.userId), label: user.displayName });
    return list;
  }, [found.data, user]);

  const submit = form.onSubmit((body) => start.mutate(body));
  const minutes = form.getInputProps('minutes');

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('actAs.title', { institution: institutionName })}
      size="md"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Alert color="blue" variant="light">
            {t('actAs.explain')}
          </Alert>
          <Select
            label={t('actAs.user')}
            placeholder={t('actAs.userPlaceholder')}
            data={options}
            {...form.getInputProps('userId')}
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            filter={({ options: all }) => all}
            nothingFoundMessage={found.isFetching ? t('app.loading') : t('actAs.noUser')}
            required
            comboboxProps={{ withinPortal: false }}
            data-testid="act-as-user"
          />
          <Textarea
            label={t('actAs.reason')}
            description={t('actAs.reasonHint')}
            {...form.getInputProps('reason')}
            maxLength={500}
            autosize
            minRows={2}
            required
            data-testid="act-as-reason"
          />
          <NumberInput
            label={t('actAs.minutes')}
            min={1}
            max={ACT_AS_MAX_MINUTES}
            clampBehavior="strict"
            allowDecimal={false}
            value={minutes.value}
            onChange={(v) => form.setFieldValue('minutes', typeof v === 'number' ? v : 30)}
            error={minutes.error}
            data-testid="act-as-minutes"
          />
          {mayAllowWrites && (
            <Checkbox
              label={t('actAs.allowWrites')}
              description={t('actAs.allowWritesHint')}
              {...form.getInputProps('allowWrites', { type: 'checkbox' })}
              data-testid="act-as-allow-writes"
            />
          )}
          {start.isError && (
            <Alert color="red" role="alert">
              {errorText(start.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actAs.cancel')}
            </Button>
            <Button type="submit" loading={start.isPending} data-testid="act-as-start">
              {t('actAs.start')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
