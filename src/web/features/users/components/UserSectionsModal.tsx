import { Group, Loader, Modal, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatUsDate } from '../../../../shared/validation';
import { type UserRow, useUserSections } from '../api';

/** The sections a user teaches in the institution (registrarUser/userSectionAssociation). */
export function UserSectionsModal({
  orgId,
  user,
  onClose,
}: {
  orgId: number;
  user: UserRow;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const sections = useUserSections(orgId, user.id);
  const list = sections.data?.sections ?? [];
  return (
    <Modal opened onClose={onClose} title={t('users.sections.title', { name: user.displayName })} size="xl">
      {sections.isPending ? (
        <Group justify="center" py="lg">
          <Loader size="sm" aria-label={t('app.loading')} />
        </Group>
      ) : list.length === 0 ? (
        <Text c="dimmed">{t('users.sections.none')}</Text>
      ) : (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('users.sections.course')}</Table.Th>
              <Table.Th>{t('users.sections.code')}</Table.Th>
              <Table.Th>{t('users.sections.role')}</Table.Th>
              <Table.Th>{t('users.sections.dates')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((s) => (
              <Table.Tr key={s.sectionId}>
                <Table.Td>{s.courseName}</Table.Td>
                <Table.Td>{s.sectionCode ?? '—'}</Table.Td>
                <Table.Td>
                  {s.role === 'ta' ? t('users.sections.ta') : t('users.sections.instructor')}
                </Table.Td>
                <Table.Td>
                  {formatUsDate(s.startDate)} – {formatUsDate(s.endDate)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Modal>
  );
}
