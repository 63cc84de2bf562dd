import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  answerEncoding,
  COMPRESSION_THRESHOLD,
  compressAnswer,
  type AnswerEncoding,
} from './answer-compression';

/**
 * A JSON answer encoded once and compressed at most once per encoding, however many requests it
 * answers: a user's kept home (190 kB) is answered again at every visit of the home, and
 * compressing it again each time was most of a browser's home (bench/results/discovery-*.md).
 */
export class PreparedAnswer {
  private readonly compressed = new Map<AnswerEncoding, Buffer>();

  constructor(
    readonly bytes: Buffer,
    /** Headers sent with it (a hint the client can act on before the body is read). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {}

  encodedAs(encoding: AnswerEncoding): Buffer {
    let bytes = this.compressed.get(encoding);
    if (!bytes) {
      bytes = compressAnswer(this.bytes, encoding);
      this.compressed.set(encoding, bytes);
    }
    return bytes;
  }
}

/**
 * Sends the answer as UTF-8 JSON, compressed as the client accepts (as the global compression hook
 * would, which leaves an answer that already has its Content-Encoding alone).
 */
export function sendPrepared(request: FastifyRequest, reply: FastifyReply, answer: PreparedAnswer) {
  reply.type('application/json; charset=utf-8').headers(answer.headers);
  if (answer.bytes.length < COMPRESSION_THRESHOLD) return reply.send(answer.bytes);
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  const encoding = answerEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(answer.bytes);
  return reply.header('content-encoding', encoding).send(answer.encodedAs(encoding));
}
