import { ActionIcon, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BreakableValue } from './display';

/** A label, a value shown in full and a copy button that says "Copied" once it has copied. */
export function CopyField({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <div data-testid={testId}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="center">
        <div style={{ flex: 1, minWidth: 0 }}>
          <BreakableValue value={value} size="sm" testId={testId ? `${testId}-value` : undefined} />
        </div>
        <CopyButton value={value} timeout={4000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('lti.copied') : t('lti.copy')} withArrow>
              <ActionIcon
                variant={copied ? 'filled' : 'light'}
                color={copied ? 'teal' : 'blue'}
                onClick={copy}
                aria-label={
                  copied ? t('lti.copiedLabel', { name: label }) : t('lti.copyLabel', { name: label })
                }
                data-copied={copied ? 'true' : 'false'}
              >
                {copied ? (
                  <IconCheck size={16} aria-hidden="true" />
                ) : (
                  <IconCopy size={16} aria-hidden="true" />
                )}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </div>
  );
}
