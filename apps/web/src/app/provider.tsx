import './styles/first-screen.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { queryClient } from '../lib/query-client';
import { cssVariablesResolver, theme } from './theme';

/**
 * The toasts' container is not needed for the first paint: it loads right after it. A toast shown meanwhile waits
 * in the notifications store and appears when the container mounts.
 */
const Notifications = lazy(() => import('./notifications').then((m) => ({ default: m.Notifications })));

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="light"
      cssVariablesResolver={cssVariablesResolver}
      // Every theme variable is written by the provider, not only those that differ from Mantine's defaults: the
      // defaults' stylesheet (27 kB) is left out of the first screen's styles (styles/first-screen.css).
      deduplicateCssVariables={false}
    >
      <Suspense fallback={null}>
        <Notifications position="top-center" />
      </Suspense>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
