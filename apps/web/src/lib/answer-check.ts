import type { AnswerCheckReply, AnswerCheckRequest, OffThreadSchema } from './off-thread-schema';
import { parseAnswerText } from './off-thread-schema';

/**
 * The page's side of the answer checks done off the main thread (issue 17). Checking an answer
 * with zod means evaluating zod and the domain's schemas, then walking the answer: on the signed-in
 * home, one task of 150 to 170 ms on the bench machine (600 ms and more on a phone), between the
 * answer's arrival and its rows. In a worker, the main thread only reads the checked answer.
 * Without a worker (an old browser, the unit tests), or when the worker fails or does not know the
 * schema, the answer is checked here as before: never handed over unchecked.
 */
export type AnswerCheck<T> = { ok: true; data: T } | { ok: false; issues: unknown };

let createWorker: (() => Worker) | null = null;
let worker: Worker | null = null;
let workerFailed = false;
let nextId = 1;
const waiting = new Map<number, (reply: AnswerCheckReply | null) => void>();

/** The app's entry says how to start the worker (a module URL only the app's build knows). */
export function setAnswerCheckWorker(create: (() => Worker) | null) {
  createWorker = create;
  worker?.terminate();
  worker = null;
  workerFailed = false;
}

function failWorker() {
  workerFailed = true;
  worker?.terminate();
  worker = null;
  for (const settle of waiting.values()) settle(null);
  waiting.clear();
}

function answerCheckWorker(): Worker | null {
  if (worker || workerFailed || !createWorker) return worker;
  try {
    worker = createWorker();
  } catch {
    workerFailed = true;
    return null;
  }
  worker.addEventListener('message', (event: MessageEvent<AnswerCheckReply>) => {
    const settle = waiting.get(event.data.id);
    waiting.delete(event.data.id);
    settle?.(event.data);
  });
  // Its script could not be fetched (offline before the device kept it) or it broke: from then
  // on this page checks its answers itself.
  worker.addEventListener('error', failWorker);
  worker.addEventListener('messageerror', failWorker);
  return worker;
}

/** Gets the schema's code on its way while the request travels (the answer then waits less). */
export function prepareAnswerCheck(schema: OffThreadSchema<unknown>) {
  const request: AnswerCheckRequest = { key: schema.offThreadKey };
  answerCheckWorker()?.postMessage(request);
}

async function checkHere<T>(
  schema: OffThreadSchema<T>,
  text: string,
  isJson: boolean,
): Promise<AnswerCheck<T>> {
  // The schema first: when its code cannot come, that is the failure to report (offline).
  const loaded = await schema.load();
  let data: unknown;
  try {
    data = parseAnswerText(text, isJson);
  } catch (error) {
    return { ok: false, issues: error };
  }
  const parsed = loaded.safeParse(data);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, issues: parsed.error };
}

/**
 * Checks an answer's body against its schema, in the worker when there is one. Rejects when the
 * schema's code cannot be fetched: the answer cannot be checked, so it is not used.
 */
export async function checkAnswer<T>(
  schema: OffThreadSchema<T>,
  text: string,
  isJson: boolean,
): Promise<AnswerCheck<T>> {
  const checker = answerCheckWorker();
  if (checker) {
    const id = nextId++;
    const reply = await new Promise<AnswerCheckReply | null>((resolve) => {
      waiting.set(id, resolve);
      const request: AnswerCheckRequest = { id, key: schema.offThreadKey, text, isJson };
      checker.postMessage(request);
    });
    if (reply?.outcome === 'checked') return { ok: true, data: reply.data as T };
    if (reply?.outcome === 'mismatch') return { ok: false, issues: reply.issues };
  }
  return checkHere(schema, text, isJson);
}
