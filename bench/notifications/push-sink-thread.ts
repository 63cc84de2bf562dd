/**
 * The push services' stand-in itself (push-sink.ts starts it on this thread): takes each message,
 * answers 201 and counts it in the counters it shares with the bench.
 */
import https from 'node:https';
import os from 'node:os';
import type net from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { SINK_COUNTS, type PushSinkThreadData } from './push-sink';

const { cert, key, counts, lastAt } = workerData as PushSinkThreadData;

// The push services are other machines: on this one, their stand-in takes only the CPU that the
// server, PostgreSQL and the measure leave (a thread's own nice value, on Linux).
os.setPriority(0, os.constants.priority.PRIORITY_LOW);

const server = https.createServer({ cert, key }, (req, res) => {
  req.resume();
  req.on('end', () => {
    lastAt[0] = performance.timeOrigin + performance.now();
    Atomics.add(counts, SINK_COUNTS.received, 1);
    res.writeHead(201).end();
  });
});
// The TLS connections the server opened to it: one each push would cost more than the push.
server.on('secureConnection', () => {
  Atomics.add(counts, SINK_COUNTS.connections, 1);
});
server.listen(0, '127.0.0.1', () => {
  parentPort!.postMessage({ port: (server.address() as net.AddressInfo).port });
});
