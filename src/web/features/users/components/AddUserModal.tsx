import { Alert, Button, Group, Modal, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { RoleId } from '../../../../shared/contract/users';
import { useContractForm } from '../../../lib/form';
import { notifyDenied, notifySuccess } from '../../../lib/notify';
import { useRoles } from '../../roles';
import { type UserRow, useAddUser, useUserSearch } from '../api';

const AddUserFields = z.object({ groupId: RoleId });

interface Values {
  find: string;
  userId: string | null;
  groupId: string | null;
}

/**
 * Adds an existing account to the institution with a role (spec §2): find it by its exact e-mail or
 * user name (accounts of other institutions are only found that way), choose a role, add (201).
 */
export function AddUserModal({ orgId, onClose }: { orgId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const roles = useRoles(orgId);
  const add = useAddUser();
  const [query, setQuery] = useState('');
  const form = useContractForm({
    schema: AddUserFields,
    texts: { 'messages.roleRequired': t('users.validation.roleRequired') },
    initialValues: { find: '', userId: null, groupId: null } as Values,
    transformValues: (v) => ({ groupId: Number(v.groupId) }),
  });
  const found = useUserSearch(
    { organizationId: orgId, searchText: query, includeOtherInstitutions: true, page: 0, pageSize: 5 },
    query.length > 0,
  );
  const candidates = (found.data?.users ?? []).filter(
    (u) => u.email.toLowerCase() === query.toLowerCase() || u.username.toLowerCase() === query.toLowerCase(),
  );

  // one account found: it is the one to add; several: the user picks
  const chosen = form.values.userId ?? (candidates.length === 1 ? String(candidates[0].id) : null);
  const whyDisabled = chosen
    ? null
    : candidates.length > 1
      ? t('users.add.pickFirst')
      : t('users.add.findFirst');

  const submit = form.onSubmit(({ groupId }) => {
    add.mutate(
      { userId: Number(chosen), organizationId: orgId, groupId },
      {
        onSuccess: () => {
          notifySuccess(t('users.add.added'));
          onClose();
        },
        onError: (e) => notifyDenied(e, t('users.errors.cannotAdd')),
      },
    );
  });

  return (
    <Modal opened onClose={onClose} title={t('users.add.title')} size="lg">
      <Stack>
        <FindAccount
          inputProps={form.getInputProps('find')}
          searching={found.isFetching}
          onSearch={() => {
            form.setFieldValue('userId', null);
            setQuery(form.values.find.trim());
          }}
        />
        {query && !found.isFetching && candidates.length === 0 && (
          <Alert color="gray">{t('users.add.noMatch')}</Alert>
        )}
        {candidates.length > 0 && (
          <Candidates
            candidates={candidates}
            chosen={chosen}
            onChange={(id) => form.setFieldValue('userId', id)}
          />
        )}
        <Select
          label={t('users.fields.role')}
          withAsterisk
          data={(roles.data?.groups ?? []).map((r) => ({ value: String(r.groupId), label: r.name }))}
          {...form.getInputProps('groupId')}
        />
        <Text size="xs" c="dimmed">
          {t('users.add.note')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('users.cancel')}
          </Button>
          <Button
            onClick={() => submit()}
            disabled={!chosen}
            loading={add.isPending}
            aria-describedby={whyDisabled ? 'add-user-why' : undefined}
            data-testid="add-user-submit"
          >
            {t('users.add.submit')}
          </Button>
        </Group>
        {whyDisabled && (
          <Text size="xs" c="dimmed" ta="right" id="add-user-why" data-testid="add-user-why">
            {whyDisabled}
          </Text>
        )}
      </Stack>
    </Modal>
  );
}

/** The search for the account by its exact e-mail or user name. */
function FindAccount({
  inputProps,
  searching,
  onSearch,
}: {
  inputProps: ReturnType<UseFormReturnType<Values>['getInputProps']>;
  searching: boolean;
  onSearch: () => void;
}) {
  const { t } = useTranslation();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSearch();
      }}
    >
      <Group align="flex-end">
        <TextInput
          style={{ flex: 1 }}
          label={t('users.add.find')}
          description={t('users.add.findHelp')}
          {...inputProps}
          data-autofocus
        />
        <Button type="submit" variant="light" leftSection={<IconSearch size={16} />} loading={searching}>
          {t('users.add.search')}
        </Button>
      </Group>
    </form>
  );
}

/** The accounts the search found: the user picks the one to add. */
function Candidates({
  candidates,
  chosen,
  onChange,
}: {
  candidates: UserRow[];
  chosen: string | null;
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Radio.Group value={chosen} onChange={onChange} label={t('users.add.pick')}>
      <Stack gap="xs" mt="xs">
        {candidates.map((u) => (
          <Radio
            key={u.id}
            value={String(u.id)}
            label={`${u.displayName} · ${u.email} · ${u.username}`}
            description={
              u.member ? t('users.add.alreadyMember', { role: u.roles[0]?.name ?? '—' }) : undefined
            }
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}
