import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMPARE_MAX_INSTITUTIONS } from '../../../../shared/contract/offers';
import { type Institution, useInstitutionSearch } from '../../institutions';

interface Props {
  value: Institution[];
  onChange: (next: Institution[]) => void;
}

/** Staff: choose several institutions (searched by name) whose offers are listed together. */
export function CompareInstitutions({ value, onChange }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [name] = useDebouncedValue(search.trim(), 250);
  const found = useInstitutionSearch(name, { limit: 25 });
  const options = useMemo(() => {
    const all = new Map(value.map((i) => [String(i.orgId), i]));
    for (const i of found.data?.organizations ?? []) all.set(String(i.orgId), i);
    return all;
  }, [value, found.data]);
  return (
    <MultiSelect
      label={t('offers.compare.label')}
      description={t('offers.compare.hint', { max: COMPARE_MAX_INSTITUTIONS })}
      placeholder={value.length ? undefined : t('offers.compare.placeholder')}
      data={[...options.values()].map((i) => ({ value: String(i.orgId), label: i.displayName }))}
      value={value.map((i) => String(i.orgId))}
      onChange={(ids) => onChange(ids.map((id) => options.get(id)).filter((i): i is Institution => !!i))}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      maxValues={COMPARE_MAX_INSTITUTIONS}
      nothingFoundMessage={found.isFetching ? t('app.loading') : t('institutions.search.noMatch')}
      hidePickedOptions
      clearable
      maw={720}
      data-testid="compare-institutions"
    />
  );
}
