import { Anchor, Button, Divider } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { can, type TabKey } from '../../../shared/permissions';
import { AlertsBell } from '../../features/alerts/components/AlertsBell';
import { forgetUserData, useAppConfig, useLogout } from '../../features/auth/api';
import { rememberLocale } from '../../i18n';
import { LanguageMenu } from '../LanguageMenu';
import { useAppSession } from '../session';
import { TabsNav } from './TabsNav';
import classes from './Header.module.css';
import { InstitutionBar } from './InstitutionBar';

/** Header: brand, institution, bell, help, account, language, logout; the tabs below. */
export function AppHeader({ activeTab }: { activeTab: TabKey | null }) {
  const { t } = useTranslation();
  const { institution, capabilities, tabs, session } = useAppSession();
  const config = useAppConfig();
  const urls = config.data?.urls ?? session.plaUrls;
  const logout = useLogout();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const onLogout = async () => {
    rememberLocale();
    await logout.mutateAsync();
    await navigate('/login', { replace: true });
    forgetUserData(queryClient);
  };

  return (
    <header className={classes.header}>
      <div className={classes.top}>
        <Link to="/institution" className={classes.brand}>
          {t('app.name')}
        </Link>
        <div className={classes.tools}>
          <InstitutionBar />
          <Divider orientation="vertical" />
          <AlertsBell
            organizationId={institution?.orgId ?? null}
            allowed={can(capabilities, 'viewAlerts')}
            helpUrl={urls.help}
          />
          <Anchor
            href={urls.help}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            data-testid="help-link"
          >
            {t('header.help')}
          </Anchor>
          <Anchor
            href={urls.account}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            title={t('header.signedInAs', { name: session.user.displayName })}
            data-testid="account-link"
          >
            {t('header.account')}
          </Anchor>
          <LanguageMenu />
          <Button
            variant="default"
            size="compact-sm"
            leftSection={<IconLogout size={16} aria-hidden="true" />}
            onClick={onLogout}
            loading={logout.isPending}
            data-testid="logout"
          >
            {t('header.logout')}
          </Button>
        </div>
      </div>
      <TabsNav tabs={tabs} active={activeTab} />
    </header>
  );
}
