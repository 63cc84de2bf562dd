import path from 'node:path';
import { RuleTester } from 'eslint';
import { afterAll, describe, it } from 'vitest';
import boundaries from './module-boundaries.js';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;

const root = path.resolve(import.meta.dirname, '..');
const at = (file: string) => path.join(root, file);
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2024, sourceType: 'module' } });

tester.run('module-boundaries', boundaries.rules['module-boundaries'], {
  valid: [
    { filename: at('apps/web/src/features/annonces/a.ts'), code: "import x from './b';" },
    { filename: at('apps/web/src/features/annonces/a.ts'), code: "import x from '@/components/ui/button';" },
    { filename: at('apps/web/src/features/annonces/a.ts'), code: "import x from '@/features/annonces/api/get';" },
    { filename: at('apps/server/src/modules/admin/a.ts'), code: "import x from '../auth';" },
    { filename: at('apps/server/src/modules/admin/a.test.ts'), code: "import x from '../auth/testing/users';" },
    { filename: at('packages/domain/src/a.ts'), code: "import x from './shared/errors';" },
  ],
  invalid: [
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
      filename: at('packages/domain/src/a.ts'),
      code: "export * from '@app/web';",
      errors: [{ messageId: 'domainImportsApp' }],
    },
  ],
});
