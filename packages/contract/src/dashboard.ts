import { z } from './zod.js';
import { Application } from './auth.js';

export const DashboardResponse = z.object({ applications: z.array(Application) });
export type DashboardResponse = z.infer<typeof DashboardResponse>;
