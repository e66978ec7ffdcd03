import { NativeSelect } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '../../shared/constants';
import { chooseLocale, currentLocale, isLocale, LANGUAGE_LABELS } from '../i18n';

/** The language chooser of the login page: a native select (no popover code on the first page). */
export function LanguageSelect() {
  const { t } = useTranslation();
  return (
    <NativeSelect
      aria-label={t('header.language')}
      size="xs"
      w={140}
      leftSection={<IconLanguage size={16} aria-hidden="true" />}
      value={currentLocale()}
      onChange={(e) => {
        const value = e.currentTarget.value;
        if (isLocale(value)) void chooseLocale(value);
      }}
      data={LOCALES.map((l) => ({ value: l, label: LANGUAGE_LABELS[l] }))}
      data-testid="language-select"
    />
  );
}
