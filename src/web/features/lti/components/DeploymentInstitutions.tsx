import { Code, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInstitutionChoices } from '../api';

interface Option {
  value: string;
  label: string;
}

/** The institution one deployment's launches belong to: a search over the institutions the user may see. */
function DeploymentInstitution({
  deploymentId,
  value,
  known,
  onChange,
}: {
  deploymentId: string;
  value: number;
  known: Option[];
  onChange: (institutionId: number) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  // every institution seen so far stays an option; the Select filters them by what is typed
  const options = useRef(new Map(known.map((o) => [o.value, o]))).current;
  // an open Select shows the chosen name as its search text: that is no search
  const typed = search === options.get(String(value))?.label ? '' : search;
  const [query] = useDebouncedValue(typed, 250);
  const found = useInstitutionChoices(query);
  for (const i of found.data?.organizations ?? [])
    options.set(String(i.orgId), { value: String(i.orgId), label: i.displayName });
  return (
    <Select
      label={
        <>
          {t('lti.form.deploymentInstitution')} <Code>{deploymentId}</Code>
        </>
      }
      aria-label={t('lti.form.deploymentInstitutionOf', { id: deploymentId })}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      data={[...options.values()]}
      value={String(value)}
      onChange={(v) => v && onChange(Number(v))}
      allowDeselect={false}
      nothingFoundMessage={t('lti.form.noInstitution')}
      data-testid="lti-deployment-institution"
    />
  );
}

/** Each deployment id of the form mapped to an institution (the registration's own by default). */
export function DeploymentInstitutions({
  ids,
  mapping,
  known,
  owner,
  onChange,
}: {
  ids: string[];
  mapping: Record<string, number>;
  known: Option[];
  owner: number;
  onChange: (mapping: Record<string, number>) => void;
}) {
  const { t } = useTranslation();
  if (ids.length === 0) return null;
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('lti.form.deploymentInstitutionsHint')}
      </Text>
      {ids.map((id) => (
        <DeploymentInstitution
          key={id}
          deploymentId={id}
          value={mapping[id] ?? owner}
          known={known}
          onChange={(institutionId) => onChange({ ...mapping, [id]: institutionId })}
        />
      ))}
    </Stack>
  );
}
