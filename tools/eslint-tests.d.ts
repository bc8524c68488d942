import type { Rule } from 'eslint';

/** The lint rules for tests (eslint-tests.js), typed for their own tests. */
declare const plugin: { rules: { assertion: Rule.RuleModule; 'no-conditional-expect': Rule.RuleModule } };
export default plugin;
