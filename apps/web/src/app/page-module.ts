import { lazy, type ComponentType } from 'react';
import type { PageModule } from './app-route';

/** A route's page from its module's loader: the lazy component and the loader that can fetch it ahead. */
export function pageModule(load: () => Promise<{ default: ComponentType }>): PageModule {
  return { page: lazy(load), load };
}
