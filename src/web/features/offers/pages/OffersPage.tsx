import { Alert, EmptyState, SegmentedControl, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '../../../../shared/permissions';
import { Page } from '../../../components/Page';
import { useAppSession } from '../../../session';
import { errorText } from '../../../lib/error-text';
import type { Institution } from '../../institutions';
import { isNoOffers, type OfferList, useCompareOffers, useOffers } from '../api';
import { CompareInstitutions } from '../components/CompareInstitutions';
import { OfferFilters } from '../components/OfferFilters';
import { OffersExport } from '../components/OffersExport';
import { OfferResults } from '../components/OfferResults';
import { useListState } from '../list-state';

/** /offers: the chosen institution's offers (staff may compare several institutions). */
export default function OffersPage() {
  const { t } = useTranslation();
  const { institution, capabilities } = useAppSession();
  const canCompare = can(capabilities, 'compareOffers');
  const s = useListState();
  const compare = canCompare && s.compare;
  const [search, setSearch] = useState(s.q);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [chosen, setChosen] = useState<Institution[]>(() => (institution ? [institution] : []));

  // the typed search reaches the URL (and the server) once typing pauses
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new debounced text triggers it
  useEffect(() => {
    if (debounced !== s.q) s.update({ q: debounced });
  }, [debounced]);

  const { status, offerType, q, sort, order } = s;
  const filters = { status, offerType, q, sort, order };
  const orgId = institution?.orgId ?? null;
  const single = useOffers(
    { ...filters, organizationId: orgId ?? 0, expiring: s.expiring ? 'true' : undefined, page: s.page },
    !compare && orgId !== null,
  );
  const chosenIds = chosen.map((i) => i.orgId);
  const several = useCompareOffers(
    { ...filters, organizationIds: chosenIds, expiring: s.expiring, page: s.page },
    compare && chosenIds.length > 0,
  );
  const list = compare ? several : single;
  const data: OfferList | undefined = list.data;
  const noOffers = !compare && single.isError && isNoOffers(single.error);
  const exportIds = compare ? chosenIds : orgId ? [orgId] : [];

  const title = t('pages.offers.title');
  if (!institution && !compare) {
    return (
      <Page title={title} description={t('pages.offers.description')}>
        <Alert color="blue">{t('offers.noInstitution')}</Alert>
      </Page>
    );
  }

  const caption = compare
    ? t('offers.table.captionCompare', { count: chosen.length })
    : t('offers.table.caption', { institution: institution?.displayName.toUpperCase() ?? '' });

  return (
    <Page
      title={title}
      description={t('pages.offers.description')}
      actions={
        <OffersExport
          organizationIds={exportIds}
          filters={{ ...filters, expiring: s.expiring ? 'true' : undefined }}
          disabled={!data || data.total === 0 || exportIds.length === 0}
        />
      }
    >
      {canCompare && (
        <SegmentedControl
          value={compare ? 'compare' : 'one'}
          onChange={(v) => s.update({ view: v === 'compare' ? 'compare' : null })}
          data={[
            { value: 'one', label: t('offers.mode.one') },
            { value: 'compare', label: t('offers.mode.compare') },
          ]}
          w="fit-content"
          maw="100%"
          styles={{ label: { whiteSpace: 'normal' } }}
          aria-label={t('offers.mode.label')}
          data-testid="offers-mode"
        />
      )}
      {compare && <CompareInstitutions value={chosen} onChange={setChosen} />}
      {!noOffers && <OfferFilters s={s} search={search} onSearch={setSearch} data={data} />}
      {noOffers ? (
        <EmptyState
          icon={<IconFileOff aria-hidden="true" />}
          withIndicatorBackground
          title={t('offers.empty.title')}
          description={t('offers.empty.description')}
          py="xl"
          data-testid="offers-empty"
        />
      ) : list.isError ? (
        <Alert color="red" role="alert">
          {errorText(list.error)}
        </Alert>
      ) : compare && chosen.length === 0 ? (
        <Text c="dimmed" data-testid="compare-none">
          {t('offers.compare.none')}
        </Text>
      ) : (
        <OfferResults s={s} list={list} compare={compare} caption={caption} />
      )}
    </Page>
  );
}
