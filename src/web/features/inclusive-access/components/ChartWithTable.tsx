import { BarChart } from '@mantine/charts';
import { Card, Stack, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';

/** Okabe–Ito colours: told apart with every common colour-vision deficiency. */
export const SAFE_COLORS = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00'];

interface Props {
  title: string;
  /** The label column (first) and one column per series. */
  columns: { key: string; label: string }[];
  rows: Record<string, string | number>[];
  empty: string;
  testId: string;
}

/**
 * A bar chart (hidden from assistive technology) with its data as a real table below it: screen
 * readers and keyboard users read the table; the chart only repeats it.
 */
export function ChartWithTable({ title, columns, rows, empty, testId }: Props) {
  const id = useId();
  const [label, ...series] = columns;
  return (
    <Card withBorder data-testid={testId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {rows.length === 0 ? (
          <Text c="dimmed">{empty}</Text>
        ) : (
          <>
            <div aria-hidden="true" inert>
              <BarChart
                h={220}
                data={rows}
                dataKey={label.key}
                series={series.map((s, i) => ({
                  name: s.key,
                  label: s.label,
                  color: SAFE_COLORS[i % SAFE_COLORS.length],
                }))}
                withLegend={series.length > 1}
                tickLine="y"
              />
            </div>
            <Table.ScrollContainer minWidth={300}>
              <Table aria-labelledby={id} striped>
                <Table.Thead>
                  <Table.Tr>
                    {columns.map((c) => (
                      <Table.Th key={c.key}>{c.label}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((r) => (
                    <Table.Tr key={String(r[label.key])}>
                      {columns.map((c) => (
                        <Table.Td key={c.key}>{r[c.key]}</Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
      </Stack>
    </Card>
  );
}
