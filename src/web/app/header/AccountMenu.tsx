import { Anchor, Menu } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconExternalLink, IconKey, IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ChangePasswordDialog } from '../../features/auth';
import { TwoStepDialog } from '../../features/totp';

/**
 * "Account" in the header: the provider's account page and, for a signed-in user who is not acting
 * as someone, "Change password" and "Two-step sign-in" — one entry, so the institution's name keeps its room at 1280 px.
 */
export function AccountMenu({
  className,
  accountUrl,
  signedInAs,
  canChangePassword,
}: {
  className?: string;
  accountUrl: string;
  signedInAs: string;
  canChangePassword: boolean;
}) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const [twoStepOpened, twoStep] = useDisclosure(false);
  return (
    <>
      <Menu position="bottom-end">
        <Menu.Target>
          <Anchor
            component="button"
            type="button"
            size="sm"
            className={className}
            title={signedInAs}
            data-testid="account-menu"
          >
            {t('header.account')}
          </Anchor>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            component="a"
            href={accountUrl}
            target="_blank"
            rel="noopener noreferrer"
            leftSection={<IconExternalLink size={16} aria-hidden="true" />}
            data-testid="account-link"
          >
            {t('header.accountPage')}
          </Menu.Item>
          {canChangePassword && (
            <Menu.Item
              leftSection={<IconKey size={16} aria-hidden="true" />}
              onClick={open}
              data-testid="change-password"
            >
              {t('header.changePassword')}
            </Menu.Item>
          )}
          {canChangePassword && (
            <Menu.Item
              leftSection={<IconShieldLock size={16} aria-hidden="true" />}
              onClick={twoStep.open}
              data-testid="two-step"
            >
              {t('totp.menuItem')}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      <ChangePasswordDialog opened={opened} onClose={close} />
      <TwoStepDialog opened={twoStepOpened} onClose={twoStep.close} />
    </>
  );
}
