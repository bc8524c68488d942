import { useEffect, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { themeForBrand } from '@cc/domain';
import { queryClient } from '../lib/query-client';
import { keepToastsOffPagers } from '../lib/toast-placement';
import { useSession } from '../lib/session';
import { cssVariablesResolver, THEMES } from './theme';

/** The theme follows the signed-in user's brand: 1 → sg, 2 → pb, otherwise default. */
export function Providers({ children }: { children: ReactNode }) {
  const current = useSession();
  const themeName = themeForBrand(current?.user.BrandId);
  useEffect(() => keepToastsOffPagers(), []);
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={THEMES[themeName]} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <div data-theme={themeName} style={{ display: 'contents' }}>
          <ModalsProvider>
            <Notifications limit={5} />
            {children}
          </ModalsProvider>
        </div>
      </MantineProvider>
    </QueryClientProvider>
  );
}
