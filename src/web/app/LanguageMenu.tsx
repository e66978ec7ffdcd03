import { Button, Menu } from '@mantine/core';
import { IconCheck, IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '../../shared/constants';
import { chooseLocale, currentLocale, LANGUAGE_LABELS } from '../i18n';

/** Language chooser: English / Français / 中文; the choice is stored and wins over the browser's. */
export function LanguageMenu() {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (
    <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="dark"
          size="compact-sm"
          leftSection={<IconLanguage size={16} aria-hidden="true" />}
          rightSection={<IconChevronDown size={14} aria-hidden="true" />}
          aria-label={`${t('header.language')}: ${LANGUAGE_LABELS[locale]}`}
          data-testid="language-menu"
        >
          <span lang={locale}>{LANGUAGE_LABELS[locale]}</span>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {LOCALES.map((l) => (
          <Menu.Item
            key={l}
            lang={l}
            onClick={() => void chooseLocale(l)}
            rightSection={l === locale ? <IconCheck size={14} aria-hidden="true" /> : null}
            aria-current={l === locale ? 'true' : undefined}
          >
            {LANGUAGE_LABELS[l]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
