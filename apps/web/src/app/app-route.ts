import type { ComponentType, LazyExoticComponent } from 'react';
import type { ScreenName } from '@cc/domain';

/** A row of the web app's route table (routes.tsx), also written by features that add their own rows. */
export interface AppRoute {
  path: string;
  /** The route (state) name; who may enter is SCREEN_ACCESS[name] in @cc/domain, so every row has a rule. */
  name: ScreenName;
  title: string;
  page: LazyExoticComponent<ComponentType>;
}
