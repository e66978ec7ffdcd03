import { Button, Group, Modal, Select, SimpleGrid, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExplainAccessQuery, type ExplainAccessQueryT } from '../../../../shared/contract/access-explain';
import { RULE_NAMES, type Rule } from '../../../../shared/permissions';
import { useContractForm } from '../../../lib/form';
import { useAppSession } from '../../../session';
import { useInstitutionSearch } from '../../institutions';
import { useExplainAccess, useExplainUsers } from '../api';
import { ExplanationView } from './ExplanationView';

type Option = { value: string; label: string };
/** The options of a select, with the chosen one kept while another search shows other rows. */
const withChosen = (options: Option[], chosen: Option | null) =>
  chosen && !options.some((o) => o.value === chosen.value) ? [chosen, ...options] : options;

/**
 * The question as the explain query; the submit button waits for all three, so the contract's errors
 * are not shown.
 */
function useExplainForm(institution: Option | null, user: Option | null) {
  return useContractForm({
    schema: ExplainAccessQuery,
    initialValues: { institution, user, rule: null as Rule | null },
    transformValues: (v): ExplainAccessQueryT => ({
      organizationId: Number(v.institution?.value),
      userId: Number(v.user?.value),
      rule: v.rule as Rule,
    }),
  });
}

/** Choose a user, an institution and an action; the server explains its verdict. */
export function ExplainAccessModal({
  user,
  onClose,
}: {
  user?: { id: number; displayName: string };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { institution } = useAppSession();
  const form = useExplainForm(
    institution ? { value: String(institution.orgId), label: institution.displayName } : null,
    user ? { value: String(user.id), label: user.displayName } : null,
  );
  const { institution: inst, user: who, rule } = form.values;
  const [instSearch, setInstSearch] = useState('');
  const [userSearch, setUserSearch] = useState('');
  const [instQ] = useDebouncedValue(instSearch, 250);
  const [userQ] = useDebouncedValue(userSearch, 250);
  const [asked, setAsked] = useState<ExplainAccessQueryT | null>(null);

  const orgId = inst ? Number(inst.value) : null;
  const institutions = useInstitutionSearch(instQ === inst?.label ? '' : instQ);
  const users = useExplainUsers(orgId, userQ === who?.label ? '' : userQ);
  const explanation = useExplainAccess(asked);

  const instOptions = withChosen(
    (institutions.data?.organizations ?? []).map((o) => ({ value: String(o.orgId), label: o.displayName })),
    inst,
  );
  const userOptions = withChosen(
    (users.data?.users ?? []).map((u) => ({
      value: String(u.id),
      label: `${u.displayName} (${u.username})`,
    })),
    who,
  );
  const ruleOptions = RULE_NAMES.map((r) => ({ value: r, label: t(`accessExplain.rules.${r}.label`) })).sort(
    (a, b) => a.label.localeCompare(b.label),
  );

  const submit = form.onSubmit((query) => setAsked(query));

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('accessExplain.title')}
      size="xl"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack>
        <form onSubmit={submit} aria-label={t('accessExplain.title')}>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select
              label={t('accessExplain.institution')}
              searchable
              data={instOptions}
              value={inst?.value ?? null}
              onChange={(v) => {
                form.setFieldValue('institution', instOptions.find((o) => o.value === v) ?? null);
                if (!user) form.setFieldValue('user', null);
              }}
              onSearchChange={setInstSearch}
              nothingFoundMessage={t('accessExplain.noInstitution')}
              data-testid="explain-institution"
            />
            <Select
              label={t('accessExplain.user')}
              searchable
              data={userOptions}
              value={who?.value ?? null}
              onChange={(v) => form.setFieldValue('user', userOptions.find((o) => o.value === v) ?? null)}
              onSearchChange={setUserSearch}
              nothingFoundMessage={t('accessExplain.noUser')}
              disabled={!orgId}
              data-testid="explain-user"
            />
            <Select
              label={t('accessExplain.action')}
              searchable
              data={ruleOptions}
              value={rule}
              onChange={(v) => form.setFieldValue('rule', v as Rule | null)}
              data-testid="explain-rule"
            />
          </SimpleGrid>
          <Group justify="flex-end" mt="md">
            <Button
              type="submit"
              disabled={!orgId || !who || !rule}
              loading={explanation.isFetching}
              data-testid="explain-submit"
            >
              {t('accessExplain.submit')}
            </Button>
          </Group>
        </form>
        {asked && <ExplanationView query={explanation} />}
      </Stack>
    </Modal>
  );
}
