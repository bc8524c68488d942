import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

/**
 * A part of a screen that is not shown at its first paint (a tab not yet opened, a dialog) as a component that loads
 * its module when it is first rendered, with a Suspense boundary of its own: the screen around it paints without
 * waiting, and its first download leaves the part out (docs/decisions/095-initial-javascript-per-route.md).
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): ComponentType<P> {
  const Part = lazy(async () => ({ default: await load() }));
  const LazyPart = (props: P) => (
    <Suspense fallback={fallback}>
      <Part {...props} />
    </Suspense>
  );
  return LazyPart;
}
