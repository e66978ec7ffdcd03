import { ActionIcon, Anchor, Button, Divider, Tooltip } from '@mantine/core';
import { IconHistory, IconLogout, IconRecycle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { can, type TabKey } from '../../../shared/permissions';
import { ActAsBanner, ActAsButton } from '../../features/act-as';
import { AlertsBell } from '../../features/alerts';
import { useAppConfig, useLogout } from '../../features/auth';
import { rememberLocale } from '../../i18n';
import { loginPath } from '../../lib/api';
import { LanguageMenu } from '../LanguageMenu';
import { AccountMenu } from './AccountMenu';
import { useAppSession } from '../../session';
import { TabsNav } from './TabsNav';
import classes from './Header.module.css';
import { InstitutionBar } from './InstitutionBar';
import { MobileMenu } from './MobileMenu';

/** A desktop header link shown as an icon, its name in a tooltip and for screen readers. */
function HeaderIconLink({
  to,
  label,
  testId,
  children,
}: {
  to: string;
  label: string;
  testId: string;
  children: React.ReactNode;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon
        className={classes.desktopOnly}
        component={Link}
        to={to}
        variant="subtle"
        aria-label={label}
        data-testid={testId}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** Header: brand, institution, bell, help, account, language, logout; the tabs below. */
export function AppHeader({ activeTab }: { activeTab: TabKey | null }) {
  const { t } = useTranslation();
  const { institution, capabilities, tabs, session } = useAppSession();
  const config = useAppConfig();
  const urls = config.data?.urls ?? session.plaUrls;
  const logout = useLogout();

  const onLogout = async () => {
    rememberLocale();
    const providerSignOut = await logout.mutateAsync();
    // back to /institution (spec §2), which asks for sign-in with itself as the return path; a full
    // load drops every cached answer, and no request still running for the old session can send
    // the login page elsewhere
    // after a provider sign-in, its own sign-out page first (it comes back to /login)
    window.location.replace(providerSignOut ?? loginPath('/institution'));
  };

  return (
    <header className={classes.header}>
      <ActAsBanner />
      <div className={classes.top}>
        <MobileMenu
          tabs={tabs}
          active={activeTab}
          urls={urls}
          onLogout={() => void onLogout()}
          loggingOut={logout.isPending}
          auditLog={can(capabilities, 'viewAudit')}
          recycleBin={can(capabilities, 'recycleBin')}
          changePassword={!session.actAs}
        />
        <Link to="/institution" className={classes.brand}>
          {t('app.name')}
        </Link>
        <div className={classes.tools}>
          <InstitutionBar />
          <Divider orientation="vertical" className={classes.desktopOnly} />
          <AlertsBell
            organizationId={institution?.orgId ?? null}
            allowed={can(capabilities, 'viewAlerts')}
            helpUrl={urls.help}
          />
          {/* icons, so the institution name keeps its room at 1280 px in every language */}
          {can(capabilities, 'viewAudit') && (
            <HeaderIconLink to="/auditLog" label={t('audit.menuLink')} testId="audit-link">
              <IconHistory size={18} aria-hidden="true" />
            </HeaderIconLink>
          )}
          {can(capabilities, 'recycleBin') && (
            <HeaderIconLink to="/recentlyRemoved" label={t('recycleBin.menuLink')} testId="recycle-bin-link">
              <IconRecycle size={18} aria-hidden="true" />
            </HeaderIconLink>
          )}
          <ActAsButton className={classes.desktopOnly} />
          <Anchor
            className={classes.desktopOnly}
            href={urls.help}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            data-testid="help-link"
          >
            {t('header.help')}
          </Anchor>
          <AccountMenu
            className={classes.desktopOnly}
            accountUrl={urls.account}
            signedInAs={t('header.signedInAs', { name: session.user.displayName })}
            canChangePassword={!session.actAs}
          />
          <div className={classes.desktopOnly}>
            <LanguageMenu />
          </div>
          <Button
            className={classes.desktopOnly}
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
      <div className={classes.desktopOnly}>
        <TabsNav tabs={tabs} active={activeTab} />
      </div>
    </header>
  );
}
