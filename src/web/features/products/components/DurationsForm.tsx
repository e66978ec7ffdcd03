import { Alert, Button, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addDaysIso,
  censusDate,
  formatUsDate,
  validateCensusDuration,
  validateFreeAccessDuration,
} from '../../../../shared/validation';
import { useErrorText } from '../../../lib/error-text';
import { notifySuccess } from '../../../lib/notify';
import { isApiError } from '../../../lib/api';
import { type PairingT, useUpdatePairing } from '../api';

/** Census and free-access durations of one pairing (spec §5 rules, field by field), with the dates they give. */
export function DurationsForm({ pairing, onSaved }: { pairing: PairingT; onSaved?: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const update = useUpdatePairing();
  const [census, setCensus] = useState(String(pairing.censusDuration));
  const [free, setFree] = useState(String(pairing.freeAccessDuration));
  const [touched, setTouched] = useState(false);
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const censusError = validateCensusDuration(census, free);
  const freeError = validateFreeAccessDuration(free, census);
  const start = pairing.courseStartDate;
  const end = pairing.courseEndDate;
  const newCensus = start && !censusError ? censusDate(start, Number(census)) : null;
  const newFreeEnd = start && !freeError ? addDaysIso(start, Number(free)) : null;

  const save = (e: React.FormEvent) => {
    e.preventDefault();
    setTouched(true);
    setServerFields({});
    if (censusError || freeError) return;
    update.mutate(
      {
        pairingId: pairing.pairingId,
        organizationId: pairing.institutionId,
        censusDuration: census,
        freeAccessDuration: free,
      },
      {
        onSuccess: () => {
          notifySuccess(t('products.messages.updated'));
          onSaved?.();
        },
        onError: (err) => {
          if (isApiError(err) && err.fields) setServerFields(err.fields);
        },
      },
    );
  };

  return (
    <form onSubmit={save} noValidate data-testid="durations-form">
      <Stack gap="sm">
        <Group align="flex-start" grow wrap="wrap">
          <TextInput
            label={t('products.fields.censusDuration')}
            value={census}
            onChange={(e) => setCensus(e.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={(touched && censusError && t(`validation.${censusError}`)) || serverFields.censusDuration}
            inputMode="numeric"
            miw={160}
            data-testid="census-input"
          />
          <TextInput
            label={t('products.fields.freeAccessDuration')}
            value={free}
            onChange={(e) => setFree(e.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={(touched && freeError && t(`validation.${freeError}`)) || serverFields.freeAccessDuration}
            inputMode="numeric"
            miw={160}
            data-testid="free-input"
          />
        </Group>
        {start && (
          <List size="sm" spacing={2} data-testid="computed-dates">
            <List.Item>
              {t('products.dates.census', { date: newCensus ? formatUsDate(newCensus) : '—' })}
              {newCensus && end && newCensus > end && (
                <Text component="span" c="red.8" size="sm">
                  {' '}
                  {t('products.dates.afterEnd', { end: formatUsDate(end) })}
                </Text>
              )}
            </List.Item>
            <List.Item>
              {t('products.dates.freeAccessEnd', { date: newFreeEnd ? formatUsDate(newFreeEnd) : '—' })}
              {newFreeEnd && end && newFreeEnd > end && (
                <Text component="span" c="red.8" size="sm">
                  {' '}
                  {t('products.dates.afterEnd', { end: formatUsDate(end) })}
                </Text>
              )}
            </List.Item>
          </List>
        )}
        {update.isError && (
          <Alert color="red" data-testid="durations-error">
            {errorText(update.error)}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={update.isPending} data-testid="save-durations">
            {t('products.actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
