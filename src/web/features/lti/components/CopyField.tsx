import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { selectTextOf, useCopyText } from '../../../lib/clipboard';
import { BreakableValue } from './display';

/**
 * A label, a value shown in full and a copy button that says "Copied" once it has copied; when the
 * browser refuses the clipboard, the value is selected and a note says to press Ctrl+C.
 */
export function CopyField({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const { t } = useTranslation();
  const { state, copy } = useCopyText();
  const valueRef = useRef<HTMLDivElement>(null);
  const copied = state === 'copied';
  return (
    <div data-testid={testId}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="center">
        <div ref={valueRef} style={{ flex: 1, minWidth: 0 }}>
          <BreakableValue value={value} size="sm" testId={testId ? `${testId}-value` : undefined} />
        </div>
        <Tooltip label={copied ? t('lti.copied') : t('lti.copy')} withArrow>
          <ActionIcon
            variant={copied ? 'filled' : 'light'}
            color={copied ? 'teal' : 'blue'}
            onClick={() => copy(value, () => selectTextOf(valueRef.current))}
            aria-label={copied ? t('lti.copiedLabel', { name: label }) : t('lti.copyLabel', { name: label })}
            data-copied={copied ? 'true' : 'false'}
          >
            {copied ? <IconCheck size={16} aria-hidden="true" /> : <IconCopy size={16} aria-hidden="true" />}
          </ActionIcon>
        </Tooltip>
      </Group>
      <Text
        size="xs"
        fw={state === 'refused' ? 600 : undefined}
        role="status"
        data-testid={testId ? `${testId}-feedback` : undefined}
      >
        {state === 'refused' ? t('lti.copyRefused') : copied ? t('lti.copied') : ''}
      </Text>
    </div>
  );
}
