import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import cycles from './module-cycles.js';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;

/**
 * A small server of three modules, written for this test: orders → payments → notices, and a test
 * of notices that imports orders (tests close no cycle: nothing imports them).
 */
const modulesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'module-cycles-'));
const write = (file: string, code: string) => {
  fs.mkdirSync(path.dirname(path.join(modulesDir, file)), { recursive: true });
  fs.writeFileSync(path.join(modulesDir, file), code);
};
write('orders/index.ts', "export { pay } from './checkout';\n");
write(
  'orders/checkout.ts',
  "import { charge } from '../payments/index';\nexport const pay = charge;\n",
);
write('payments/index.ts', "export { charge } from './charge';\n");
write(
  'payments/charge.ts',
  "import type { Notice } from '../notices/index';\nexport const charge = (n: Notice) => n;\n",
);
write('notices/index.ts', 'export interface Notice { text: string }\n');
write('notices/notices.test.ts', "import { pay } from '../orders/index';\n");
afterAll(() => fs.rmSync(modulesDir, { recursive: true, force: true }));

const at = (file: string) => path.join(modulesDir, file);
const options = [{ modulesDir }];
const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2024, sourceType: 'module' },
});

tester.run('module-cycles', cycles.rules['module-cycles'], {
  valid: [
    // The one-way order as it is.
    {
      filename: at('orders/checkout.ts'),
      options,
      code: "import { charge } from '../payments/index';",
    },
    {
      filename: at('payments/charge.ts'),
      options,
      code: "import type { Notice } from '../notices/index';",
    },
    // Inside a module, and to code outside the modules.
    { filename: at('notices/index.ts'), options, code: "import { x } from './notice';" },
    { filename: at('notices/index.ts'), options, code: "import { db } from '../../db/database';" },
    // Tests and testing/ helpers import what they need.
    {
      filename: at('notices/notices.test.ts'),
      options,
      code: "import { pay } from '../orders/index';",
    },
    {
      filename: at('notices/testing/fixture.ts'),
      options,
      code: "import { pay } from '../../orders/index';",
    },
  ],
  invalid: [
    {
      // notices → orders, while orders → payments → notices.
      filename: at('notices/notice.ts'),
      options,
      code: "import { pay } from '../orders/index';",
      errors: [
        {
          messageId: 'cycle',
          data: {
            from: 'notices',
            to: 'orders',
            path: 'notices → orders → payments → notices',
            file: 'payments/charge.ts',
          },
        },
      ],
    },
    {
      // A type import and a re-export close a cycle as well.
      filename: at('payments/refund.ts'),
      options,
      code: "export type { pay } from '../orders/index';",
      errors: [{ messageId: 'cycle' }],
    },
    {
      filename: at('notices/late.ts'),
      options,
      code: "const orders = () => import('../orders/index');",
      errors: [{ messageId: 'cycle' }],
    },
  ],
});
