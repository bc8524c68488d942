import { Group, Text } from '@mantine/core';
import { logoForBrand } from '@cc/domain';

const MARKS = {
  lawn: { label: 'Spring Green Lawn Care', color: '#2b8a3e', path: 'M7 24c3-10 8-15 17-17-4 5-6 10-7 17M7 24h18' },
  pest: { label: 'Pest Brigade', color: '#c2410c', path: 'M16 7v18M9 12l14 8M23 12L9 20M12 7l4 4 4-4' },
  corporate: { label: 'Lawn & Pest Network', color: '#364fc7', path: 'M6 24V12l10-6 10 6v12M12 24v-7h8v7' },
} as const;

/** The logo chosen by brand: 1 lawn brand, 2 pest brand, anything else the corporate logo. */
export function Logo({ brandId }: { brandId: number | null | undefined }) {
  const mark = MARKS[logoForBrand(brandId)];
  return (
    <Group gap={8} wrap="nowrap" data-testid="brand-logo" data-logo={logoForBrand(brandId)}>
      <svg width="32" height="32" viewBox="0 0 32 32" role="img" aria-label={mark.label}>
        <rect width="32" height="32" rx="8" fill={mark.color} />
        <path d={mark.path} fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <Text fw={700} size="md" c="dark.8" visibleFrom="sm">
        {mark.label}
      </Text>
    </Group>
  );
}
