import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { lookupUser, useAddInternalUser } from '../api';
import { lookupErrorText } from '../lookup';

/** "Create Internal User": a user name; its e-mail is looked up on blur and shown read-only. */
export function CreateInternalUserModal({ groupId, onClose }: { groupId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const add = useAddInternalUser();
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [piId, setPiId] = useState<string | null>(null);
  const [lookupError, setLookupError] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const [checking, setChecking] = useState(false);

  type Found = { email: string; piId: string } | null;
  const inFlight = useRef<Promise<Found> | null>(null);

  const runLookup = async (): Promise<Found> => {
    const name = username.trim();
    setEmail('');
    setPiId(null);
    setLookupError(null);
    if (!name) return null;
    setMissing(false); // the lookup's own answer replaces the earlier "missing" error
    setChecking(true);
    try {
      const data = await lookupUser(name);
      const error = lookupErrorText({ ok: true, data }, t);
      setLookupError(error);
      if (error || typeof data !== 'object') return null;
      setEmail(data.email);
      setPiId(data.piId);
      setMissing(false); // the fields are valid now: the "missing" error goes
      return { email: data.email, piId: data.piId };
    } catch (e) {
      setLookupError(lookupErrorText({ ok: false, error: e }, t));
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

  const save = async () => {
    // Save right after typing: the blur's lookup may still be running
    const found = inFlight.current ? await inFlight.current : email && piId ? { email, piId } : null;
    if (!username.trim() || !found) {
      setMissing(true);
      return;
    }
    setMissing(false);
    add.mutate(
      { groupId, piId: found.piId },
      {
        onSuccess: () => {
          notifySuccess(t('internalUsers.created'));
          onClose();
        },
        onError: notifyError,
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t('internalUsers.create')}>
      <Stack>
        <TextInput
          label={t('internalUsers.username')}
          placeholder={t('internalUsers.usernamePlaceholder')}
          value={username}
          onChange={(e) => {
            setUsername(e.currentTarget.value);
            setMissing(false); // a new name: the earlier "missing" error no longer applies
          }}
          onBlur={lookup}
          error={lookupError}
          withAsterisk
          data-autofocus
          data-testid="internal-username"
        />
        <TextInput
          label={t('internalUsers.email')}
          placeholder={t('internalUsers.emailPlaceholder')}
          value={email}
          readOnly
          variant="filled"
          withAsterisk
          rightSection={checking ? '…' : undefined}
          data-testid="internal-email"
        />
        {missing && (
          <Alert color="red" data-testid="internal-missing">
            {t('internalUsers.missing')}
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
