import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Institution, useInstitutionSearch } from '../api';

const label = (i: Institution) => `${i.displayName} (${i.orgId})`;

interface Props {
  /** The chosen institution. */
  institution: Institution | null;
  /** The caller's own institutions (the choices without searchAllInstitutions). */
  own: Institution[];
  /** The caller holds searchAllInstitutions: the box searches every institution. */
  searchAll: boolean;
  onChoose: (institution: Institution) => void;
}

/**
 * Institution search by name on the institution page: all institutions for flag holders, else one's own.
 * The session comes in props: the session itself reads this feature.
 */
export function InstitutionSearch({ institution, own, searchAll, onChoose }: Props) {
  const { t } = useTranslation();
  // the current institution is the box's value (its label the search text, which one may edit to search)
  const current = institution ? label(institution) : '';
  const [text, setText] = useState(current);
  const [name] = useDebouncedValue(text === current ? '' : text.trim(), 250);
  const found = useInstitutionSearch(name, { limit: 25, enabled: searchAll });
  const options = useMemo(() => {
    const list = searchAll ? (found.data?.organizations ?? []) : own;
    const all = new Map(list.map((i) => [String(i.orgId), i]));
    if (institution && !all.has(String(institution.orgId))) all.set(String(institution.orgId), institution);
    return all;
  }, [searchAll, found.data, own, institution]);
  // while one searches, only what the search found: the current institution is kept in `options`
  // (the box's value needs its label) but listed only when it matches what was typed
  const matches = useMemo(
    () => new Set((found.data?.organizations ?? []).map((i) => String(i.orgId))),
    [found.data],
  );
  const searching = text.trim() !== '' && text !== current;
  if (!searchAll && own.length <= 1) return null;

  return (
    <Select
      label={t('institutions.search.label')}
      placeholder={t('institutions.search.placeholder')}
      data={[...options.values()].map((i) => ({ value: String(i.orgId), label: label(i) }))}
      searchable
      searchValue={text}
      onSearchChange={setText}
      filter={
        searchAll
          ? ({ options: all }) => (searching ? all.filter((o) => 'value' in o && matches.has(o.value)) : all)
          : undefined
      }
      nothingFoundMessage={found.isFetching ? t('app.loading') : t('institutions.search.noMatch')}
      value={institution ? String(institution.orgId) : null}
      allowDeselect={false}
      onFocus={(e) => e.currentTarget.select()}
      onChange={(v) => {
        const chosen = v ? options.get(v) : undefined;
        if (chosen && chosen.orgId !== institution?.orgId) onChoose(chosen);
      }}
      w="100%"
      maw={420}
      data-testid="institution-search"
    />
  );
}
