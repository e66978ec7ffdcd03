import { ActionIcon, type MantineColor, Tooltip } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';

/** One icon button of a user row: the tooltip names the action, the aria-label also names the user. */
export function RowAction({
  tip,
  label,
  icon: Icon,
  onClick,
  color,
  testId,
}: {
  tip: string;
  label: string;
  icon: TablerIcon;
  onClick: () => void;
  color?: MantineColor;
  testId?: string;
}) {
  return (
    <Tooltip label={tip}>
      <ActionIcon variant="subtle" color={color} onClick={onClick} aria-label={label} data-testid={testId}>
        <Icon size={16} aria-hidden="true" />
      </ActionIcon>
    </Tooltip>
  );
}
