import { Alert, Badge, Center, Group, List, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Permission, TabKey } from '../../../../shared/permissions';
import { errorText } from '../../../lib/error-text';
import type { Explanation } from '../api';

/** The verdict and its reasons, all as the server computed them. */
export function ExplanationView({ query }: { query: UseQueryResult<Explanation> }) {
  const { t } = useTranslation();
  if (query.isPending)
    return (
      <Center py="md">
        <Loader size="sm" aria-label={t('app.loading')} />
      </Center>
    );
  if (query.isError) return <Alert color="red">{errorText(query.error)}</Alert>;
  const e = query.data;
  const vars = {
    user: e.user.displayName,
    action: t(`accessExplain.rules.${e.rule}.label`),
    institution: e.institution.name,
  };
  const perm = (p: Permission) => t(`permissionTypes.${p}.label`);
  const decisiveGroups = e.groups.filter((g) => g.decisive);
  const reasons: string[] = [];
  if (e.allowed) {
    for (const g of decisiveGroups)
      reasons.push(
        t('accessExplain.reason.group', {
          name: g.name,
          institution: g.institutionName ?? t('accessExplain.providerWide'),
        }),
      );
    for (const s of e.decisiveSources) reasons.push(t(`accessExplain.reason.source.${s}`, vars));
    if (reasons.length === 0) reasons.push(t('accessExplain.reason.several'));
  } else {
    if (e.gated && !e.dashboardAccess) reasons.push(t('accessExplain.reason.dashboard', vars));
    for (const f of e.blockingFlags) reasons.push(t(`accessExplain.reason.blocking.${f}`));
    for (const p of e.missingPermissions)
      reasons.push(t('accessExplain.reason.missing', { ...vars, permission: perm(p) }));
    if (e.notMember) reasons.push(t('accessExplain.reason.notMember', vars));
    if (e.blockingFlags.length + e.missingPermissions.length === 0 && !e.notMember)
      reasons.push(t('accessExplain.reason.noSingleChange'));
  }
  const flags = (
    ['superAdmin', 'associateSuperAdmin', 'nasupport', 'internalUser', 'member'] as const
  ).filter((f) => e.capabilities[f]);

  return (
    <Stack gap="sm" data-testid="explain-result">
      <Alert
        color={e.allowed ? 'green' : 'red'}
        icon={e.allowed ? <IconCircleCheck aria-hidden="true" /> : <IconCircleX aria-hidden="true" />}
        title={e.allowed ? t('accessExplain.allowed') : t('accessExplain.denied')}
        data-testid="explain-verdict"
        data-allowed={e.allowed}
      >
        {t(e.allowed ? 'accessExplain.allowedText' : 'accessExplain.deniedText', vars)}
      </Alert>
      <Text size="sm">
        <Text span fw={600}>
          {t('accessExplain.ruleHeading')}
        </Text>{' '}
        {t(`accessExplain.rules.${e.rule}.text`)}
      </Text>
      {e.tabs.length > 0 && (
        <Text size="sm">
          {t('accessExplain.tabs', { tabs: (e.tabs as TabKey[]).map((k) => t(`tabs.${k}`)).join(', ') })}
        </Text>
      )}
      <Title order={3} size="h5">
        {t('accessExplain.reasons')}
      </Title>
      <List size="sm" spacing={4} data-testid="explain-reasons">
        {reasons.map((r) => (
          <List.Item key={r}>{r}</List.Item>
        ))}
      </List>
      <Title order={3} size="h5">
        {t('accessExplain.checks')}
      </Title>
      <List size="sm" spacing={4}>
        {e.gated && (
          <List.Item>
            {t(e.dashboardAccess ? 'accessExplain.check.dashboardYes' : 'accessExplain.check.dashboardNo')}
          </List.Item>
        )}
        <List.Item>{t(e.ownRule ? 'accessExplain.check.ruleYes' : 'accessExplain.check.ruleNo')}</List.Item>
        <List.Item>
          {t('accessExplain.check.flags')}{' '}
          {flags.length === 0
            ? t('accessExplain.none')
            : flags.map((f) => t(`accessExplain.flags.${f}`, vars)).join(', ')}
        </List.Item>
        <List.Item>
          {t('accessExplain.check.permissions', vars)}{' '}
          {e.capabilities.permissions.length === 0
            ? t('accessExplain.none')
            : e.capabilities.permissions.map(perm).join(', ')}
        </List.Item>
      </List>
      <Title order={3} size="h5">
        {t('accessExplain.groups')}
      </Title>
      {e.groups.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('accessExplain.noGroups')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped withTableBorder data-testid="explain-groups">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('accessExplain.group')}</Table.Th>
                <Table.Th>{t('accessExplain.groupInstitution')}</Table.Th>
                <Table.Th>{t('accessExplain.groupPermissions')}</Table.Th>
                <Table.Th>{t('accessExplain.groupHere')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {e.groups.map((g) => (
                <Table.Tr key={g.groupId}>
                  <Table.Td>
                    <Group gap={6}>
                      {g.internal ? t('accessExplain.internalGroupName') : g.name}
                      {g.decisive && (
                        <Badge size="xs" color="green" variant="light">
                          {t('accessExplain.decisive')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{g.institutionName ?? t('accessExplain.providerWide')}</Table.Td>
                  <Table.Td>
                    {g.internal
                      ? t('accessExplain.internalGroup')
                      : g.permissions.length === 0
                        ? t('accessExplain.none')
                        : g.permissions.map(perm).join(', ')}
                  </Table.Td>
                  <Table.Td>
                    {g.counts
                      ? t('accessExplain.counts')
                      : g.internal
                        ? t('accessExplain.countsInternal')
                        : t('accessExplain.countsOther')}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
