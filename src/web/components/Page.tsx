import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/documentTitle';

interface PageProps {
  title: string;
  description?: string;
  /** Shown right of the title (page actions). */
  actions?: ReactNode;
  children?: ReactNode;
}

/** A page: its h1, a one-line description and its content. */
export function Page({ title, description, actions, children }: PageProps) {
  useDocumentTitle(title);
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        {/* the actions move below the title when both do not fit on one line (390 px, long languages) */}
        <div
          style={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 16,
          }}
        >
          <Title order={1} size="h2" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          {actions && <div style={{ maxWidth: '100%' }}>{actions}</div>}
        </div>
        {description && <Text c="dimmed">{description}</Text>}
      </Stack>
      {children}
    </Stack>
  );
}
