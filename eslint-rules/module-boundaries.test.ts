import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import boundaries from './module-boundaries.js';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;

const root = path.resolve(import.meta.dirname, '..');
const at = (file: string) => path.join(root, file);
// The TypeScript parser, as in eslint.config.js: type-only imports are held to the same boundaries.
const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2024, sourceType: 'module' },
});

tester.run('module-boundaries', boundaries.rules['module-boundaries'], {
  valid: [
    { filename: at('apps/web/src/features/annonces/a.ts'), code: "import x from './b';" },
    {
      filename: at('apps/web/src/features/annonces/a.ts'),
      code: "import x from '@/components/ui/button';",
    },
    {
      filename: at('apps/web/src/features/annonces/a.ts'),
      code: "import x from '@/features/annonces/api/get';",
    },
    { filename: at('apps/server/src/modules/admin/a.ts'), code: "import x from '../auth';" },
    {
      filename: at('apps/server/src/modules/admin/a.ts'),
      code: "import { x } from '../auth/index';",
    },
    {
      filename: at('apps/server/src/modules/admin/a.ts'),
      code: "import type { X } from '../auth/index.ts';",
    },
    {
      filename: at('apps/server/src/modules/admin/a.ts'),
      code: "import x from './admin-context';",
    },
    {
      filename: at('apps/server/src/modules/admin/a.ts'),
      code: "import x from '../../lib/app-error';",
    },
    { filename: at('apps/server/src/app.ts'), code: "import x from './modules/auth/index';" },
    {
      filename: at('apps/server/src/jobs/notifications.job.ts'),
      code: "import { createDispatcher } from '../modules/notifications/index';",
    },
    {
      filename: at('apps/server/src/jobs/notifications.job.test.ts'),
      code: "import { readMail } from '../modules/auth/testing/outbox';",
    },
    {
      filename: at('apps/server/src/modules/admin/a.test.ts'),
      code: "import x from '../auth/testing/users';",
    },
    {
      filename: at('apps/server/src/modules/admin/testing/admin-testing.ts'),
      code: "import x from '../../auth/testing/accounts';",
    },
    { filename: at('packages/domain/src/a.ts'), code: "import x from './shared/errors';" },
  ],
  invalid: [
    {
      filename: at('apps/server/src/jobs/notifications.job.ts'),
      code: "import { createDispatcher } from '../modules/notifications/dispatcher';",
      errors: [
        {
          messageId: 'serverOutsideModule',
          data: { from: 'jobs/', to: 'notifications', file: 'dispatcher' },
        },
      ],
    },
    {
      filename: at('apps/server/src/cli/create-admin.cli.ts'),
      code: "import { createAdmin } from '../modules/admin/create-admin';",
      errors: [{ messageId: 'serverOutsideModule' }],
    },
    {
      filename: at('apps/server/src/plugins/auth.ts'),
      code: "import type { SessionRevocations } from '../modules/auth/session-revocations';",
      errors: [{ messageId: 'serverOutsideModule' }],
    },
    {
      filename: at('apps/server/src/app.ts'),
      code: "import { users } from './modules/auth/testing/users';",
      errors: [{ messageId: 'testingHelperInProduction' }],
    },
    {
      filename: at('apps/web/src/features/annonces/a.ts'),
      code: "import x from '@/features/scan/components/scan';",
      errors: [{ messageId: 'webFeature' }],
    },
    {
      filename: at('apps/web/src/features/annonces/components/a.tsx'),
      code: "const m = import('../../matches/api/list');",
      errors: [{ messageId: 'webFeature' }],
    },
    {
      filename: at('apps/server/src/modules/admin/a.ts'),
      code: "import x from '../auth/sessions.service';",
      errors: [{ messageId: 'serverModule' }],
    },
    {
      filename: at('apps/server/src/modules/accounts/password-reset.service.ts'),
      code: "import { revokeAllOfUser } from '../auth/sessions.repository';",
      errors: [{ messageId: 'serverModule' }],
    },
    {
      filename: at('apps/server/src/modules/admin/a.ts'),
      code: "import type { Sessions } from '../auth/sessions.service';",
      errors: [{ messageId: 'serverModule' }],
    },
    {
      filename: at('apps/server/src/modules/client-config/index.ts'),
      code: "import { paymentProviderKind } from '../payments/provider/provider-registry';",
      errors: [{ messageId: 'serverModule' }],
    },
    {
      filename: at('apps/server/src/modules/admin/a.ts'),
      code: "export { recordAdminAction } from '../matches/match-check.service';",
      errors: [{ messageId: 'serverModule' }],
    },
    {
      filename: at('apps/server/src/modules/admin/a.ts'),
      code: "const m = await import('../notifications/notifier');",
      errors: [{ messageId: 'serverModule' }],
    },
    {
      filename: at('apps/server/src/modules/annonces/a.test.ts'),
      code: "import { form } from '../discovery/discovery.test-fixture';",
      errors: [{ messageId: 'serverModule' }],
    },
    {
      filename: at('apps/server/src/modules/admin/a.ts'),
      code: "import { buildUser } from '../auth/testing/accounts';",
      errors: [{ messageId: 'testingHelperInProduction' }],
    },
    {
      filename: at('packages/domain/src/a.ts'),
      code: "export * from '@app/web';",
      errors: [{ messageId: 'domainImportsApp' }],
    },
  ],
});
