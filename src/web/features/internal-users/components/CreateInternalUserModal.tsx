import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { type RefObject, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddGroupMembersBody } from '../../../../shared/contract/roles';
import { useContractForm } from '../../../lib/form';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { lookupUser, useAddInternalUser } from '../api';
import { lookupErrorText } from '../lookup';

type Found = { email: string; piId: string } | null;

/** The dialog's form: the body has the looked-up user as its one member. */
function useInternalUserForm(groupId: number, lookupError: RefObject<string | null>) {
  const { t } = useTranslation();
  return useContractForm({
    schema: AddGroupMembersBody,
    initialValues: { username: '', email: '', piId: '' },
    // no user found: the body has no member, and the dialog says a field is missing
    transformValues: (v) => ({
      groupId,
      memberType: 'identity_id' as const,
      memberIds: v.piId ? [v.piId] : [],
    }),
    texts: () => t('internalUsers.missing'),
    // the blur's lookup answer is the user name's own error
    rules: () => ({ username: lookupError.current }),
    // the lookup's answer stays until the next lookup, not the next key
    clearInputErrorOnChange: false,
  });
}

/** The user name's lookup on blur: it fills the e-mail and the member, or sets the name's error. */
function useUserLookup(form: ReturnType<typeof useInternalUserForm>, lookupError: RefObject<string | null>) {
  const { t } = useTranslation();
  const [checking, setChecking] = useState(false);
  const inFlight = useRef<Promise<Found> | null>(null);
  const fail = (error: string | null) => {
    lookupError.current = error;
    form.setFieldError('username', error);
  };

  const runLookup = async (): Promise<Found> => {
    const name = form.getValues().username.trim();
    form.setValues({ email: '', piId: '' });
    fail(null);
    if (!name) return null;
    form.clearFieldError('memberIds'); // the lookup's own answer replaces the earlier "missing" error
    setChecking(true);
    try {
      const data = await lookupUser(name);
      const error = lookupErrorText({ ok: true, data }, t);
      fail(error);
      if (error || typeof data !== 'object') return null;
      form.setValues({ email: data.email, piId: data.piId });
      form.clearFieldError('memberIds'); // the fields are valid now: the "missing" error goes
      return { email: data.email, piId: data.piId };
    } catch (e) {
      fail(lookupErrorText({ ok: false, error: e }, t));
      return null;
    } finally {
      setChecking(false);
    }
  };

  const lookup = () => {
    const p = runLookup();
    inFlight.current = p;
    void p.finally(() => {
      if (inFlight.current === p) inFlight.current = null;
    });
  };
  return { checking, lookup, settled: () => inFlight.current };
}

/** "Create Internal User": a user name; its e-mail is looked up on blur and shown read-only. */
export function CreateInternalUserModal({ groupId, onClose }: { groupId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const add = useAddInternalUser();
  const lookupError = useRef<string | null>(null);
  const form = useInternalUserForm(groupId, lookupError);
  const { checking, lookup, settled } = useUserLookup(form, lookupError);

  const save = async () => {
    // Save right after typing: the blur's lookup may still be running
    await settled();
    form.onSubmit((body) =>
      add.mutate(
        { groupId, piId: String(body.memberIds[0]) },
        {
          onSuccess: () => {
            notifySuccess(t('internalUsers.created'));
            onClose();
          },
          onError: notifyError,
        },
      ),
    )();
  };

  const username = form.getInputProps('username');
  return (
    <Modal opened onClose={onClose} title={t('internalUsers.create')}>
      <Stack>
        <TextInput
          label={t('internalUsers.username')}
          placeholder={t('internalUsers.usernamePlaceholder')}
          {...username}
          onChange={(e) => {
            username.onChange(e);
            form.clearFieldError('memberIds'); // a new name: the earlier "missing" error no longer applies
          }}
          onBlur={lookup}
          withAsterisk
          data-autofocus
          data-testid="internal-username"
        />
        <TextInput
          label={t('internalUsers.email')}
          placeholder={t('internalUsers.emailPlaceholder')}
          value={form.getValues().email}
          readOnly
          variant="filled"
          withAsterisk
          rightSection={checking ? '…' : undefined}
          data-testid="internal-email"
        />
        {form.errors.memberIds && (
          <Alert color="red" data-testid="internal-missing">
            {form.errors.memberIds}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('internalUsers.cancel')}
          </Button>
          <Button onClick={save} loading={add.isPending} data-testid="internal-save">
            {t('internalUsers.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
