import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auditApi } from '../../../../shared/contract/audit';
import { call } from '../../../lib/api';

type Option = { value: string; label: string };

/** GET /api/audit/actors: the people who wrote the institution's audit rows, by part of their name. */
function useAuditActors(orgId: number, q: string) {
  return useQuery({
    queryKey: ['audit', 'actors', orgId, q],
    queryFn: ({ signal }) =>
      call(auditApi.actors, {
        query: { organizationId: orgId, ...(q ? { q } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The actor filter: a searchable list of people (searched on the server), giving their user id. */
export function ActorPicker({
  orgId,
  value,
  onChange,
}: {
  orgId: number;
  value: string;
  onChange: (userId: string) => void;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<Option | null>(value ? { value, label: `#${value}` } : null);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const actors = useAuditActors(orgId, q === chosen?.label ? '' : q.trim());
  const found = (actors.data?.actors ?? []).map((a) => ({
    value: String(a.userId),
    label: `${a.name} (${a.username})`,
  }));
  const current = value ? (found.find((o) => o.value === value) ?? chosen) : null;
  const options = current && !found.some((o) => o.value === current.value) ? [current, ...found] : found;
  return (
    <Select
      label={t('audit.actor')}
      placeholder={t('audit.anyActor')}
      searchable
      clearable
      data={options}
      value={value || null}
      onChange={(v) => {
        setChosen(options.find((o) => o.value === v) ?? null);
        onChange(v ?? '');
      }}
      onSearchChange={setSearch}
      nothingFoundMessage={t('audit.noActor')}
      filter={({ options: all }) => all}
      w={240}
      data-testid="filter-actor"
    />
  );
}
