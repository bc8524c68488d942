import { createTheme, type MantineThemeOverride } from '@mantine/core';
import type { BrandTheme } from '@cc/domain';

const base = {
  fontFamily: 'Inter, "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
  headings: { fontFamily: 'Inter, "Segoe UI", Roboto, Helvetica, Arial, sans-serif', fontWeight: '600' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Paper: { defaultProps: { radius: 'md' } },
    Modal: { defaultProps: { centered: true, radius: 'md' } },
  },
} satisfies MantineThemeOverride;

/** Theme by brand: sg (lawn, green), pb (pest, deep orange), default (corporate, indigo). */
export const THEMES: Record<BrandTheme, MantineThemeOverride> = {
  sg: createTheme({ ...base, primaryColor: 'green', primaryShade: 8 }),
  pb: createTheme({ ...base, primaryColor: 'orange', primaryShade: 9 }),
  default: createTheme({ ...base, primaryColor: 'indigo', primaryShade: 7 }),
};
