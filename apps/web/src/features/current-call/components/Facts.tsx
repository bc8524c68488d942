import type { ReactNode } from 'react';
import { Box, Text } from '@mantine/core';

export interface Fact {
  label: string;
  value: ReactNode;
  /** Shown when the value is empty. */
  empty?: string;
  testId?: string;
}

/** A dense label/value list (a definition list), for panels that are read all day. */
export function Facts({ items, labelWidth = 92 }: { items: Fact[]; labelWidth?: number }) {
  return (
    <Box
      component="dl"
      m={0}
      style={{ display: 'grid', gridTemplateColumns: `${labelWidth}px minmax(0, 1fr)`, columnGap: 10, rowGap: 3 }}
    >
      {items.map((item) => {
        const blank = item.value === '' || item.value === null || item.value === undefined;
        return (
          <Box key={item.label} style={{ display: 'contents' }}>
            <Text component="dt" size="xs" c="gray.7" fw={500} lh="20px">
              {item.label}
            </Text>
            <Text
              component="dd"
              size="sm"
              m={0}
              lh="20px"
              c={blank ? 'gray.7' : undefined}
              style={{ overflowWrap: 'anywhere' }}
              data-testid={item.testId}
            >
              {blank ? (item.empty ?? '—') : item.value}
            </Text>
          </Box>
        );
      })}
    </Box>
  );
}
