import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { serveAnswerChecks, type AnswerCheckScope } from './answer-check-worker';
import {
  offThreadSchema,
  type AnswerCheckReply,
  type AnswerCheckRequest,
} from './off-thread-schema';

/** A worker scope in the test's own thread: what it posts back is collected. */
function fakeScope() {
  let listener: ((event: { data: AnswerCheckRequest }) => void) | null = null;
  const replies: AnswerCheckReply[] = [];
  const scope: AnswerCheckScope = {
    postMessage: (message) => {
      replies.push(message);
    },
    addEventListener: (_type, handler) => {
      listener = handler;
    },
  };
  const send = async (request: AnswerCheckRequest) => {
    listener?.({ data: request });
    // The check awaits the schema's code: let it settle.
    await vi.waitFor(() => {
      if (request.id !== undefined && !replies.some((reply) => reply.id === request.id)) {
        throw new Error('no reply yet');
      }
    });
  };
  return { scope, replies, send };
}

const PointSchema = z.object({ x: z.number(), at: z.string().transform((text) => text.trim()) });

describe('serveAnswerChecks (the answer check worker)', () => {
  it('answers with the checked (and transformed) answer', async () => {
    const { scope, replies, send } = fakeScope();
    serveAnswerChecks(scope, [{ point: offThreadSchema('test/point', async () => PointSchema) }]);
    await send({ id: 1, key: 'test/point', text: '{"x":3,"at":" ici "}', isJson: true });
    expect(replies).toEqual([{ id: 1, outcome: 'checked', data: { x: 3, at: 'ici' } }]);
  });

  it('reports a mismatch with its issues, and a body that is not JSON as one', async () => {
    const { scope, replies, send } = fakeScope();
    serveAnswerChecks(scope, [{ point: offThreadSchema('test/point', async () => PointSchema) }]);
    await send({ id: 1, key: 'test/point', text: '{"x":"3","at":""}', isJson: true });
    await send({ id: 2, key: 'test/point', text: '<html>', isJson: true });
    expect(replies[0]).toMatchObject({
      id: 1,
      outcome: 'mismatch',
      issues: [expect.objectContaining({ path: ['x'] })],
    });
    expect(replies[1]).toMatchObject({ id: 2, outcome: 'mismatch' });
  });

  it('says so when it does not know the schema or cannot fetch its code, and fetches it again next time', async () => {
    const { scope, replies, send } = fakeScope();
    const load = vi
      .fn<() => Promise<z.ZodType>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue(PointSchema);
    serveAnswerChecks(scope, [{ point: offThreadSchema('test/point', load) }]);
    await send({ id: 1, key: 'test/other', text: '{}', isJson: true });
    await send({ id: 2, key: 'test/point', text: '{"x":1,"at":"a"}', isJson: true });
    await send({ id: 3, key: 'test/point', text: '{"x":1,"at":"a"}', isJson: true });
    expect(replies.map((reply) => reply.outcome)).toEqual([
      'unknown-key',
      'unavailable',
      'checked',
    ]);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('fetches a schema once, when a request asks it to get ready', async () => {
    const { scope, replies, send } = fakeScope();
    const load = vi.fn(async () => PointSchema);
    serveAnswerChecks(scope, [{ point: offThreadSchema('test/point', load) }]);
    await send({ key: 'test/point' });
    await send({ id: 1, key: 'test/point', text: '{"x":1,"at":"a"}', isJson: true });
    expect(load).toHaveBeenCalledTimes(1);
    expect(replies).toHaveLength(1);
  });

  it('hands an answer it cannot post back to the page to check', async () => {
    const replies: AnswerCheckReply[] = [];
    let listener: ((event: { data: AnswerCheckRequest }) => void) | null = null;
    serveAnswerChecks(
      {
        postMessage: (message) => {
          if (message.outcome === 'checked')
            throw new DOMException('could not be cloned', 'DataCloneError');
          replies.push(message);
        },
        addEventListener: (_type, handler) => {
          listener = handler;
        },
      },
      [{ point: offThreadSchema('test/point', async () => PointSchema) }],
    );
    listener!({ data: { id: 7, key: 'test/point', text: '{"x":1,"at":"a"}', isJson: true } });
    await vi.waitFor(() => expect(replies).toHaveLength(1));
    expect(replies[0]).toMatchObject({ id: 7, outcome: 'unavailable' });
  });
});
