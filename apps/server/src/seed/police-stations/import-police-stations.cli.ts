import path from 'node:path';
import { parseArgs } from 'node:util';
import { PoliceStationKindSchema } from '@app/domain';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { importPoliceStations } from './import-police-stations';

const USAGE = 'usage: npm run seed:police-stations -- --file PATH --type commissariat|gendarmerie';

/**
 * `npm run seed:police-stations -- --file PATH --type commissariat|gendarmerie`: imports one of the
 * official files into the configured database (DATABASE_URL, else the PGlite folder in DATA_DIR;
 * stop the server first when it uses PGlite, which allows one process at a time).
 */
async function main(): Promise<number> {
  let file: string | undefined;
  let type: string | undefined;
  try {
    const { values } = parseArgs({
      options: { file: { type: 'string' }, type: { type: 'string' } },
      strict: true,
    });
    file = values.file;
    type = values.type;
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const kind = PoliceStationKindSchema.safeParse(type);
  if (!file || !kind.success) {
    console.error(USAGE);
    return 2;
  }

  const config = loadConfig(process.env, { startup: true });
  const database = await openDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.join(config.DATA_DIR, 'pg') },
  );
  try {
    await database.migrate();
    // npm runs workspace scripts from the workspace folder; a relative path means where npm was run.
    const filePath = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
    const result = await importPoliceStations(database.db, { file: filePath, kind: kind.data });
    console.log(
      `${kind.data}: ${result.inserted} inserted, ${result.updated} updated, ` +
        `${result.unchanged} unchanged, ${result.skipped.length} skipped`,
    );
    for (const row of result.skipped) {
      console.log(`  line ${row.line}${row.service ? ` (${row.service})` : ''}: ${row.reason}`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
