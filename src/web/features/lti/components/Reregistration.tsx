import { Code, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { LtiReregistration } from '../../../../shared/contract/lti';
import { formatDateTime } from './format';

/** The registration's last re-registration by its platform: when, and each field it changed. */
export function Reregistration({ last }: { last: z.infer<typeof LtiReregistration> | null | undefined }) {
  const { t, i18n } = useTranslation();
  if (!last) return null;
  const value = (v: string | null) =>
    v === null ? '—' : <Code style={{ overflowWrap: 'anywhere' }}>{v}</Code>;
  return (
    <>
      <Title order={3} size="h5">
        {t('lti.rereg.title')}
      </Title>
      <Text size="sm" data-testid="lti-rereg-at">
        {t('lti.rereg.at', { date: formatDateTime(last.at, i18n.language) })}
      </Text>
      {last.changes.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('lti.rereg.same')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table data-testid="lti-rereg">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('lti.rereg.field')}</Table.Th>
                <Table.Th>{t('lti.rereg.before')}</Table.Th>
                <Table.Th>{t('lti.rereg.after')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {last.changes.map((c) => (
                <Table.Tr key={c.field} data-testid="lti-rereg-row">
                  <Table.Td>{t(`lti.rereg.fields.${c.field}`)}</Table.Td>
                  <Table.Td>{value(c.before)}</Table.Td>
                  <Table.Td>{value(c.after)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}
