import { Anchor, Burger, Button, Divider, Drawer, NavLink, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { TABS, type TabKey } from '../../../shared/permissions';
import { ActAsButton } from '../../features/act-as';
import { ChangePasswordButton } from '../../features/auth';
import { TwoStepButton } from '../../features/totp';
import { LanguageMenu } from '../LanguageMenu';
import classes from './Header.module.css';

interface Props {
  tabs: TabKey[];
  active: TabKey | null;
  urls: { help: string; account: string };
  onLogout: () => void;
  loggingOut: boolean;
  /** Show the audit log link (rule viewAudit). */
  auditLog?: boolean;
  /** Show the recycle bin link (rule recycleBin). */
  recycleBin?: boolean;
  /** Show "Change password" (not while acting as someone). */
  changePassword?: boolean;
}

/**
 * Small screens (below Mantine's `sm` breakpoint): a burger opening a drawer with the tabs, help,
 * account, language and logout — the header row keeps only the brand, institution chooser and bell.
 */
export function MobileMenu({
  tabs,
  active,
  urls,
  onLogout,
  loggingOut,
  auditLog = false,
  recycleBin = false,
  changePassword = false,
}: Props) {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  // a tab chosen in the drawer closes it
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the path changes
  useEffect(() => close(), [pathname]);
  const shown = TABS.filter((tab) => tabs.includes(tab.key));

  return (
    <div className={classes.mobileOnly}>
      <Burger
        opened={opened}
        onClick={toggle}
        size="sm"
        aria-label={opened ? t('header.closeMenu') : t('header.openMenu')}
        aria-expanded={opened}
        data-testid="menu-burger"
      />
      <Drawer
        opened={opened}
        onClose={close}
        title={t('header.menu')}
        size={300}
        closeButtonProps={{ 'aria-label': t('header.closeMenu') }}
      >
        <nav aria-label={t('tabs.navLabel')}>
          <Stack gap={2} data-testid="menu-tabs">
            {shown.map((tab) => (
              <NavLink
                key={tab.key}
                component={Link}
                to={tab.path}
                label={t(`tabs.${tab.key}`)}
                active={tab.key === active}
                aria-current={tab.key === active ? 'page' : undefined}
                data-tab={tab.key}
              />
            ))}
          </Stack>
        </nav>
        <Divider my="md" />
        <Stack gap="sm" align="flex-start">
          {auditLog && (
            <Anchor component={Link} to="/auditLog" size="sm" data-testid="menu-audit-link">
              {t('audit.menuLink')}
            </Anchor>
          )}
          {recycleBin && (
            <Anchor component={Link} to="/recentlyRemoved" size="sm" data-testid="menu-recycle-bin-link">
              {t('recycleBin.menuLink')}
            </Anchor>
          )}
          <Anchor href={urls.help} target="_blank" rel="noopener noreferrer" size="sm">
            {t('header.help')}
          </Anchor>
          <Anchor href={urls.account} target="_blank" rel="noopener noreferrer" size="sm">
            {t('header.account')}
          </Anchor>
          <ActAsButton menuEntry />
          {changePassword && <ChangePasswordButton />}
          {changePassword && <TwoStepButton />}
          <LanguageMenu />
          <Button
            variant="default"
            size="compact-sm"
            leftSection={<IconLogout size={16} aria-hidden="true" />}
            onClick={onLogout}
            loading={loggingOut}
            data-testid="menu-logout"
          >
            {t('header.logout')}
          </Button>
        </Stack>
      </Drawer>
    </div>
  );
}
