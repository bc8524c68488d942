import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { adminQuery, makePgliteTemplate, makePostgresTemplate } from './template.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  if (project.name === 'api-postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL test project');
    const name = await makePostgresTemplate(url);
    project.provide('postgresTemplate', name);
    project.provide('pgliteTemplate', '');
    return async () => {
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name}`);
    };
  }
  const file = await makePgliteTemplate();
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return () => fs.rmSync(file, { force: true });
}
