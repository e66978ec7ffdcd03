import { ActionIcon, Modal, Select, Text, Tooltip } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconBuildingCommunity } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '../../../shared/permissions';
import { type Institution, useInstitutionSearch } from '../../features/institutions/api';
import { useAppSession } from '../session';
import classes from './Header.module.css';

const SEARCH_LIMIT = 25;

/** The chosen institution (uppercased name and organisation id) with its chooser. */
export function InstitutionBar() {
  const { t } = useTranslation();
  const { institution, session, capabilities } = useAppSession();
  const [opened, { open, close }] = useDisclosure(false);
  const searchAll = can(capabilities, 'searchAllInstitutions');
  const canChoose = searchAll || session.institutions.length > 1;

  return (
    <>
      <div className={classes.institution} data-testid="institution">
        {institution ? (
          <>
            <Text
              component="span"
              className={classes.institutionName}
              title={institution.displayName}
              data-testid="institution-name"
            >
              {institution.displayName.toUpperCase()}
            </Text>
            <Text component="span" size="xs" c="dimmed" data-testid="institution-id">
              {t('header.orgId', { id: institution.orgId })}
            </Text>
          </>
        ) : (
          <Text component="span" size="sm" c="dimmed">
            {t('header.noInstitution')}
          </Text>
        )}
      </div>
      {canChoose && (
        <Tooltip label={t('header.changeInstitution')}>
          <ActionIcon
            variant="light"
            size="lg"
            onClick={open}
            aria-label={t('header.changeInstitution')}
            data-testid="institution-chooser"
          >
            <IconBuildingCommunity size={20} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
      )}
      <Modal
        opened={opened}
        onClose={close}
        title={t('header.chooseInstitution')}
        size="md"
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {opened && <InstitutionPicker searchAll={searchAll} onPicked={close} />}
      </Modal>
    </>
  );
}

const label = (i: Institution) => `${i.displayName} (${i.orgId})`;

/** Flag holders and internal users search every institution by name; others pick one of their own. */
function InstitutionPicker({ searchAll, onPicked }: { searchAll: boolean; onPicked: () => void }) {
  const { t } = useTranslation();
  const { institution, session, chooseInstitution } = useAppSession();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const found = useInstitutionSearch(debounced, { limit: SEARCH_LIMIT, enabled: searchAll });
  const options = useMemo(() => {
    const list = searchAll ? (found.data?.organizations ?? []) : session.institutions;
    return new Map(list.map((i) => [String(i.orgId), i]));
  }, [searchAll, found.data, session.institutions]);

  const pick = (value: string | null) => {
    const chosen = value ? options.get(value) : undefined;
    if (!chosen) return;
    chooseInstitution(chosen);
    onPicked();
  };

  return (
    <Select
      data-autofocus
      label={searchAll ? t('header.searchInstitutions') : t('header.yourInstitutions')}
      placeholder={institution ? label(institution) : undefined}
      data={[...options.values()].map((i) => ({ value: String(i.orgId), label: label(i) }))}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={searchAll ? ({ options: all }) => all : undefined}
      nothingFoundMessage={found.isFetching ? t('app.loading') : t('header.noInstitutionFound')}
      onChange={pick}
      value={null}
      defaultDropdownOpened
      comboboxProps={{ withinPortal: false }}
      maxDropdownHeight={320}
      data-testid="institution-select"
    />
  );
}
