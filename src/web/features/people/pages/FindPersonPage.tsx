import { Alert, Badge, Group, Loader, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { can } from '../../../../shared/permissions';
import { Page } from '../../../components/Page';
import { Pager } from '../../../components/Pager';
import { useAppSession } from '../../../session';
import { useErrorText } from '../../../lib/error-text';
import { type PersonRow, usePeople } from '../api';

/** A person's institutions, each with the roles held there (or the course role of the membership). */
function Places({ person }: { person: PersonRow }) {
  const { t } = useTranslation();
  if (person.institutions.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('people.noInstitution')}
      </Text>
    );
  return (
    <Stack gap={4}>
      {person.institutions.map((i) => (
        <Group key={i.orgId} gap={6} wrap="wrap">
          <Text size="sm" fw={500}>
            {i.displayName} ({i.orgId})
          </Text>
          {(i.roles.length ? i.roles : [i.courseRole ?? '']).filter(Boolean).map((r) => (
            <Badge key={r} variant="light" c="dark.8" tt="none">
              {r}
            </Badge>
          ))}
        </Group>
      ))}
    </Stack>
  );
}

/** /people: provider staff find a person by name, e-mail or user name across institutions. */
export default function FindPersonPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { capabilities } = useAppSession();
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const [q] = useDebouncedValue(text.trim(), 300);
  const found = usePeople(q, page);
  if (!can(capabilities, 'findPeople')) return <Navigate to="/institution" replace />;
  const data = q.length >= 2 ? found.data : undefined;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <Page title={t('people.title')} description={t('people.description')}>
      <TextInput
        label={t('people.search')}
        description={t('people.hint')}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          setPage(1);
        }}
        maw={480}
        data-testid="people-search"
      />
      {found.isError && <Alert color="red">{errorText(found.error)}</Alert>}
      {q.length >= 2 && found.isPending && <Loader aria-label={t('app.loading')} />}
      {data && (
        <Stack gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="people-total">
            {data.total === 0 ? t('people.none') : t('people.total', { count: data.total })}
          </Text>
          {data.total > 0 && (
            <Table.ScrollContainer minWidth={720}>
              <Table striped verticalSpacing="xs" data-testid="people-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('people.name')}</Table.Th>
                    <Table.Th>{t('people.email')}</Table.Th>
                    <Table.Th>{t('people.username')}</Table.Th>
                    <Table.Th>{t('people.institutions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.people.map((p) => (
                    <Table.Tr key={p.userId} data-testid="person-row">
                      <Table.Td>
                        {p.firstName} {p.lastName}
                      </Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{p.email}</Table.Td>
                      <Table.Td>{p.username}</Table.Td>
                      <Table.Td>
                        <Places person={p} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {pages > 1 && <Pager total={pages} value={page} onChange={setPage} data-testid="people-pager" />}
        </Stack>
      )}
    </Page>
  );
}
