import { SimpleGrid, type SimpleGridProps, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A detail section: label/value pairs as a description list (`dl`), laid out in columns.
 * Put `DetailField`s inside (course information, an offer's fields, an LMS course pairing).
 */
export function DetailSection({
  cols = 1,
  spacing = 'lg',
  verticalSpacing,
  children,
}: {
  cols?: SimpleGridProps['cols'];
  spacing?: SimpleGridProps['spacing'];
  verticalSpacing?: SimpleGridProps['verticalSpacing'];
  children: ReactNode;
}) {
  return (
    <SimpleGrid cols={cols} spacing={spacing} verticalSpacing={verticalSpacing} component="dl" m={0}>
      {children}
    </SimpleGrid>
  );
}

/** One label (`dt`) and its value (`dd`) of a detail section. */
export function DetailField({
  label,
  children,
  testId,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} component="dt">
        {label}
      </Text>
      <Text component="dd" m={0} size="sm" data-testid={testId}>
        {children}
      </Text>
    </Stack>
  );
}
