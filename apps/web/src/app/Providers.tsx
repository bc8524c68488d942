import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { themeForBrand } from '@cc/domain';
import { queryClient } from '../lib/query-client';
import { keepToastsOffPagers } from '../lib/toast-placement';
import { useSession } from '../lib/session';
import { cssVariablesResolver, THEMES } from './theme';

/**
 * The toasts' stack comes after the first paint; the confirmation dialogs' provider comes with the signed-in shell
 * (Layout.tsx): neither is of use to the sign-in page (docs/decisions/103-the-sign-in-page-s-first-download.md).
 */
const Toasts = lazy(() => import('./Toasts'));

/** The theme follows the signed-in user's brand: 1 → sg, 2 → pb, otherwise default. */
export function Providers({ children }: { children: ReactNode }) {
  const current = useSession();
  const themeName = themeForBrand(current?.user.BrandId);
  useEffect(() => keepToastsOffPagers(), []);
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={THEMES[themeName]} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <div data-theme={themeName} style={{ display: 'contents' }}>
          <Suspense fallback={null}>
            <Toasts />
          </Suspense>
          {children}
        </div>
      </MantineProvider>
    </QueryClientProvider>
  );
}
