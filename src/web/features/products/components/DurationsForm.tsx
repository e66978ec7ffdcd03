import { Alert, Button, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { UpdatePairingBody } from '../../../../shared/contract/product-pairings';
import {
  addDaysIso,
  censusDate,
  formatUsDate,
  validateCensusDuration,
  validateFreeAccessDuration,
} from '../../../../shared/validation';
import { isApiError } from '../../../lib/api';
import { useErrorText } from '../../../lib/error-text';
import { useContractForm } from '../../../lib/form';
import { notifySuccess } from '../../../lib/notify';
import { type PairingT, useUpdatePairing } from '../api';

/** Census and free-access durations of one pairing (spec §5 rules, field by field), with the dates they give. */
export function DurationsForm({ pairing, onSaved }: { pairing: PairingT; onSaved?: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const update = useUpdatePairing();
  // once a field is left or Save pressed, both fields are checked on every change (each rule reads both)
  const checking = useRef(false);
  const form = useContractForm({
    schema: UpdatePairingBody,
    initialValues: {
      censusDuration: String(pairing.censusDuration),
      freeAccessDuration: String(pairing.freeAccessDuration),
    },
    onValuesChange: () => {
      if (checking.current) form.validate();
    },
  });
  const check = () => {
    checking.current = true;
    form.validate();
  };
  const { censusDuration: census, freeAccessDuration: free } = form.getValues();
  const start = pairing.courseStartDate;
  const end = pairing.courseEndDate;
  const newCensus = start && !validateCensusDuration(census, free) ? censusDate(start, Number(census)) : null;
  const newFreeEnd =
    start && !validateFreeAccessDuration(free, census) ? addDaysIso(start, Number(free)) : null;

  const save = form.onSubmit(
    (body) => {
      update.mutate(
        { pairingId: pairing.pairingId, organizationId: pairing.institutionId, ...body },
        {
          onSuccess: () => {
            notifySuccess(t('products.messages.updated'));
            onSaved?.();
          },
          onError: (err) => {
            if (isApiError(err) && err.fields) form.setErrors(err.fields);
          },
        },
      );
    },
    () => {
      checking.current = true;
    },
  );

  return (
    <form onSubmit={save} noValidate data-testid="durations-form">
      <Stack gap="sm">
        <Group align="flex-start" grow wrap="wrap">
          <TextInput
            label={t('products.fields.censusDuration')}
            {...form.getInputProps('censusDuration')}
            onBlur={check}
            inputMode="numeric"
            miw={160}
            data-testid="census-input"
          />
          <TextInput
            label={t('products.fields.freeAccessDuration')}
            {...form.getInputProps('freeAccessDuration')}
            onBlur={check}
            inputMode="numeric"
            miw={160}
            data-testid="free-input"
          />
        </Group>
        {start && (
          <List size="sm" spacing={2} data-testid="computed-dates">
            <ComputedDate
              text={t('products.dates.census', { date: dateText(newCensus) })}
              date={newCensus}
              end={end}
            />
            <ComputedDate
              text={t('products.dates.freeAccessEnd', { date: dateText(newFreeEnd) })}
              date={newFreeEnd}
              end={end}
            />
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

const dateText = (iso: string | null) => (iso ? formatUsDate(iso) : '—');

/** One date the durations give, flagged when it falls after the course's end. */
function ComputedDate({ text, date, end }: { text: string; date: string | null; end: string | null }) {
  const { t } = useTranslation();
  return (
    <List.Item>
      {text}
      {date && end && date > end && (
        <Text component="span" c="red.8" size="sm">
          {' '}
          {t('products.dates.afterEnd', { end: formatUsDate(end) })}
        </Text>
      )}
    </List.Item>
  );
}
