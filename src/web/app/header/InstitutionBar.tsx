import { ActionIcon, Modal, Select, Text, Tooltip } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconBuildingCommunity } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '../../../shared/permissions';
import { type Institution, useInstitutionSearch } from '../../features/institutions';
import { useAppSession } from '../../session';
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
            <Tooltip label={institution.displayName} openDelay={300} multiline maw={360}>
              <Text component="span" className={classes.institutionName} data-testid="institution-name">
                {institution.displayName.toUpperCase()}
              </Text>
            </Tooltip>
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
  // the current choice is the box's value (its label the search text), not a grey placeholder
  const current = institution ? label(institution) : '';
  const [search, setSearch] = useState(current);
  const [debounced] = useDebouncedValue(search === current ? '' : search.trim(), 250);
  const found = useInstitutionSearch(debounced, { limit: SEARCH_LIMIT, enabled: searchAll });
  const options = useMemo(() => {
    const list = searchAll ? (found.data?.organizations ?? []) : session.institutions;
    const all = new Map(list.map((i) => [String(i.orgId), i]));
    if (institution && !all.has(String(institution.orgId))) all.set(String(institution.orgId), institution);
    return all;
  }, [searchAll, found.data, session.institutions, institution]);

  const pick = (value: string | null) => {
    const chosen = value ? options.get(value) : undefined;
    if (!chosen) return;
    if (chosen.orgId !== institution?.orgId) chooseInstitution(chosen);
    onPicked();
  };

  return (
    <Select
      data-autofocus
      onFocus={(e) => e.currentTarget.select()}
      label={searchAll ? t('header.searchInstitutions') : t('header.yourInstitutions')}
      data={[...options.values()].map((i) => ({ value: String(i.orgId), label: label(i) }))}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={searchAll ? ({ options: all }) => all : undefined}
      nothingFoundMessage={found.isFetching ? t('app.loading') : t('header.noInstitutionFound')}
      onChange={pick}
      value={institution ? String(institution.orgId) : null}
      allowDeselect={false}
      defaultDropdownOpened
      comboboxProps={{ withinPortal: false }}
      maxDropdownHeight={320}
      data-testid="institution-select"
    />
  );
}
