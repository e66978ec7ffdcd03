import { Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { LtiUnknownClientLaunch } from '../../../../shared/contract/lti';
import { BreakableValue, ReasonText } from './display';
import { formatDateTime } from './format';

type Row = z.infer<typeof LtiUnknownClientLaunch>;

/**
 * Provider staff: refusals from the registration's issuer that no registration could be chosen for
 * (an unknown client id, no kid, a malformed token), each with its cause and what to fix.
 */
export function UnknownClientLaunches({ rows }: { rows: Row[] }) {
  const { t, i18n } = useTranslation();
  const fixOf = (code: string) => {
    const key = `ltiTool.fixes.${code.replace(/^lti\./, '')}`;
    return i18n.exists(key) ? (t as unknown as (k: string) => string)(key) : '';
  };
  return (
    <Stack gap="xs" data-testid="lti-unknown-clients">
      <Title order={3} size="h5">
        {t('lti.detail.unknownClients')}
      </Title>
      <Text size="xs" c="dimmed">
        {t('lti.detail.unknownClientsHint')}
      </Text>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('lti.detail.noUnknownClients')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('lti.detail.at')}</Table.Th>
                <Table.Th>{t('lti.detail.clientId')}</Table.Th>
                <Table.Th>{t('lti.detail.reason')}</Table.Th>
                <Table.Th>{t('lti.detail.fix')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((l) => (
                <Table.Tr key={l.id} data-testid="lti-unknown-client-row" data-client={l.clientId ?? ''}>
                  <Table.Td>{formatDateTime(l.at, i18n.language)}</Table.Td>
                  <Table.Td>{l.clientId ? <BreakableValue value={l.clientId} inTable /> : ''}</Table.Td>
                  <Table.Td miw={180}>
                    <ReasonText code={l.reasonCode} />
                  </Table.Td>
                  <Table.Td miw={200}>
                    <Text size="sm" data-testid="lti-unknown-client-fix">
                      {fixOf(l.reasonCode)}
                    </Text>
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
