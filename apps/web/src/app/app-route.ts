import type { ComponentType, LazyExoticComponent } from 'react';
import type { ScreenName } from '@cc/domain';

/** A page's module loader and the lazy component React renders from it (the same module, loaded once). */
export interface PageModule {
  page: LazyExoticComponent<ComponentType>;
  /** Loads the page's module, as the route does when it is first shown; used to load it ahead. */
  load: () => Promise<unknown>;
}

/** A row of the web app's route table (routes.tsx), also written by features that add their own rows. */
export interface AppRoute extends PageModule {
  path: string;
  /** The route (state) name; who may enter is SCREEN_ACCESS[name] in @cc/domain, so every row has a rule. */
  name: ScreenName;
  title: string;
}
