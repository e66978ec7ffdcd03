import { Alert, Button, Checkbox, Group, Modal, NumberInput, Select, Stack, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACT_AS_MAX_MINUTES } from '../../../../shared/contract/act-as';
import { useErrorText } from '../../../lib/error-text';
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

/** Starts act-as: a member of the institution, a required reason, a duration up to 60 min. */
export function StartActAsModal({ organizationId, institutionName, mayAllowWrites, user, onClose }: Props) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const start = useStartActAs();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [userId, setUserId] = useState<string | null>(user ? String(user.userId) : null);
  const [reason, setReason] = useState('');
  const [minutes, setMinutes] = useState<number>(30);
  const [allowWrites, setAllowWrites] = useState(false);
  const [tried, setTried] = useState(false);
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

  const reasonMissing = reason.trim() === '';
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!userId || reasonMissing) return;
    start.mutate({ organizationId, userId: Number(userId), reason: reason.trim(), minutes, allowWrites });
  };

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
            value={userId}
            onChange={setUserId}
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            filter={({ options: all }) => all}
            nothingFoundMessage={found.isFetching ? t('app.loading') : t('actAs.noUser')}
            error={tried && !userId ? t('actAs.userRequired') : undefined}
            required
            comboboxProps={{ withinPortal: false }}
            data-testid="act-as-user"
          />
          <Textarea
            label={t('actAs.reason')}
            description={t('actAs.reasonHint')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={tried && reasonMissing ? t('actAs.reasonRequired') : undefined}
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
            value={minutes}
            onChange={(v) => setMinutes(typeof v === 'number' ? v : 30)}
            data-testid="act-as-minutes"
          />
          {mayAllowWrites && (
            <Checkbox
              label={t('actAs.allowWrites')}
              description={t('actAs.allowWritesHint')}
              checked={allowWrites}
              onChange={(e) => setAllowWrites(e.currentTarget.checked)}
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
