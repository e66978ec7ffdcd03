import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '../../../../shared/permissions';
import { useAppSession } from '../../../app/session';
import { useInstitutionSearch } from '../api';

/** Institution search by name on the institution page: all institutions for flag holders, else one's own. */
export function InstitutionSearch() {
  const { t } = useTranslation();
  const { institution, session, capabilities, chooseInstitution } = useAppSession();
  const searchAll = can(capabilities, 'searchAllInstitutions');
  const [text, setText] = useState('');
  const [name] = useDebouncedValue(text.trim(), 250);
  const found = useInstitutionSearch(name, { limit: 25, enabled: searchAll });
  const options = useMemo(() => {
    const list = searchAll ? (found.data?.organizations ?? []) : session.institutions;
    return new Map(list.map((i) => [String(i.orgId), i]));
  }, [searchAll, found.data, session.institutions]);
  if (!searchAll && session.institutions.length <= 1) return null;

  return (
    <Select
      label={t('institutions.search.label')}
      placeholder={
        institution
          ? `${institution.displayName} (${institution.orgId})`
          : t('institutions.search.placeholder')
      }
      data={[...options.values()].map((i) => ({
        value: String(i.orgId),
        label: `${i.displayName} (${i.orgId})`,
      }))}
      searchable
      searchValue={text}
      onSearchChange={setText}
      filter={searchAll ? ({ options: all }) => all : undefined}
      nothingFoundMessage={found.isFetching ? t('app.loading') : t('institutions.search.noMatch')}
      value={null}
      onChange={(v) => {
        const chosen = v ? options.get(v) : undefined;
        if (chosen) {
          chooseInstitution(chosen);
          setText('');
        }
      }}
      w={420}
      data-testid="institution-search"
    />
  );
}
