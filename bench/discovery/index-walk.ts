/**
 * `npm run bench:discovery:index-walk -w @app/bench`: the in-memory search index's own cost for
 * the discovery benchmark's searches (run.ts pairs its four shapes with its ten cities: twenty
 * searches), without HTTP, cards or PostgreSQL. Needs the database of `bench:discovery:generate`.
 * Loads the index as the server does (search-index-sync.ts), twice: as it runs (a dense cell read
 * by sub-cell from the centre) and with every cell read whole, then times `find` for each search,
 * a page of 12 nearest first with the count capped as a search asks it. Medians of five rounds,
 * the two indexes alternated. Appends a section (BENCH_LABEL) to
 * bench/results/index-walk-<date>.md. Run on demand, never in CI.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SEARCH_COUNT_CAP, type SearchCriteria } from '@app/domain';
import { openDatabase } from '../../apps/server/src/db/database';
import type { AnnonceSearchIndex } from '../../apps/server/src/modules/discovery/annonce-search-index';
import { createSearchIndexSync } from '../../apps/server/src/modules/discovery/search-index-sync';
import { catalogueIds, CITIES, criteriaOf, searchShapes } from './search-shapes';

const DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/veilleurs_bench';
const ROUNDS = 5;
const CALLS_PER_ROUND = 300;

interface Search {
  label: string;
  criteria: SearchCriteria;
  from: { latitude: number; longitude: number };
}

async function loadIndex(subCellWalkMin?: number): Promise<AnnonceSearchIndex> {
  const database = await openDatabase({ kind: 'postgres', url: DATABASE_URL });
  const sync = createSearchIndexSync({
    db: database.db,
    index: subCellWalkMin === undefined ? {} : { subCellWalkMin },
  });
  await sync.start();
  const index = await sync.current();
  await sync.close();
  await database.close();
  if (!index) throw new Error('the search index did not load');
  return index;
}

/** Microseconds per call of `find` for the search, over CALLS_PER_ROUND calls. */
function timeFind(index: AnnonceSearchIndex, search: Search, now: Date): number {
  const started = process.hrtime.bigint();
  for (let call = 0; call < CALLS_PER_ROUND; call += 1) findPage(index, search, now);
  return Number(process.hrtime.bigint() - started) / 1e3 / CALLS_PER_ROUND;
}

function findPage(index: AnnonceSearchIndex, search: Search, now: Date) {
  return index.find({
    criteria: search.criteria,
    order: 'PROXIMITY',
    boostedFirst: false,
    from: search.from,
    offset: 0,
    limit: 12,
    now,
    cap: SEARCH_COUNT_CAP,
  });
}

const median = (values: number[]) => [...values].sort((p, q) => p - q)[values.length >> 1]!;

async function main() {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  const shapes = searchShapes(await catalogueIds(client));
  await client.end();
  // As run.ts sends them: user i gets shape i % 4 and city i % 10, twenty distinct searches.
  const searches: Search[] = Array.from({ length: 20 }, (_, at) => {
    const shape = shapes[at % shapes.length]!;
    const city = CITIES[at % CITIES.length]!;
    return {
      label: `"${shape.researchText}" around ${city.name}`,
      criteria: criteriaOf(shape, city),
      from: { latitude: city.latitude, longitude: city.longitude },
    };
  });

  const started = Date.now();
  const bySubCell = await loadIndex();
  const whole = await loadIndex(Number.POSITIVE_INFINITY);
  console.log(`both indexes loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const now = new Date();
  for (let warm = 0; warm < 200; warm += 1) {
    for (const search of searches) {
      findPage(bySubCell, search, now);
      findPage(whole, search, now);
    }
  }
  const rows: string[] = [];
  const sums = { bySubCell: 0, whole: 0 };
  for (const search of searches) {
    const times = { bySubCell: [] as number[], whole: [] as number[] };
    for (let round = 0; round < ROUNDS; round += 1) {
      times.bySubCell.push(timeFind(bySubCell, search, now));
      times.whole.push(timeFind(whole, search, now));
    }
    const [sub, all] = [median(times.bySubCell), median(times.whole)];
    sums.bySubCell += sub;
    sums.whole += all;
    const total = findPage(bySubCell, search, now)?.total;
    const totalText = total === null || total === undefined ? `over ${SEARCH_COUNT_CAP}` : total;
    rows.push(`| ${search.label} | ${totalText} | ${sub.toFixed(1)} | ${all.toFixed(1)} |`);
    console.log(rows.at(-1));
  }
  const mean = (sum: number) => (sum / searches.length).toFixed(1);
  rows.push(`| **mean** | | **${mean(sums.bySubCell)}** | **${mean(sums.whole)}** |`);

  const date = new Date().toISOString().slice(0, 10);
  const time = new Date().toISOString().slice(11, 16);
  const file = path.resolve(import.meta.dirname, `../results/index-walk-${date}.md`);
  const label = process.env.BENCH_LABEL ?? 'run';
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const section = [
    `## ${label}, ${time} UTC`,
    '',
    `${os.cpus().length} CPU (${cpu}), Node ${process.version}; ${bySubCell.count.toLocaleString('en')} announcements. Microseconds per \`find\` (median of ${ROUNDS} rounds of ${CALLS_PER_ROUND} calls, the two indexes alternated): a page of 12, nearest first, 50 km, count capped at ${SEARCH_COUNT_CAP}.`,
    '',
    '| search | matches | by sub-cell µs | cells whole µs |',
    '|---|---|---|---|',
    ...rows,
  ].join('\n');
  const previous = fs.existsSync(file)
    ? fs.readFileSync(file, 'utf8')
    : [
        `# Search index walk, ${date}`,
        '',
        'Produced by `npm run bench:discovery:index-walk -w @app/bench` (bench/discovery/index-walk.ts) on the database filled by `npm run bench:discovery:generate -w @app/bench`. Do not edit by hand.',
      ].join('\n');
  fs.writeFileSync(file, `${previous.trimEnd()}\n\n${section}\n`);
  console.log(`written ${path.relative(process.cwd(), file)}`);
}

await main();
