import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { SERVER_ROOT } from '../../src/lib/server-paths';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const PRODUCTION_SITE = path.resolve(SERVER_ROOT, '../../deploy/nginx/veilleurs.conf');

/** A self-signed certificate for 127.0.0.1 and localhost, made by openssl for this run only. */
export function makeCertificate(dir: string) {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  const result = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`openssl failed: ${result.stderr}`);
  return { cert, key, ca: fs.readFileSync(cert) };
}

/**
 * deploy/nginx/veilleurs.conf itself, with this run's ports and certificate on the lines marked
 * "test:", and two more listeners pinned to one instance each so the test can choose which instance
 * a request goes through ("sign in through one, go on through the other").
 */
export function siteForTest(options: {
  main: number;
  pinned: [number, number];
  instances: [number, number];
  cert: string;
  key: string;
}): string {
  let site = fs.readFileSync(PRODUCTION_SITE, 'utf8');
  let instance = 0;
  site = site.replace(/^\s*server 127\.0\.0\.1:\d+ (.*); # test: instances$/gm, (_line, rest) => {
    return `    server 127.0.0.1:${options.instances[instance++]} ${rest};`;
  });
  if (instance !== 2) throw new Error('the production site no longer lists two marked instances');
  site = site
    .replace(/^.*# test: (plain|tls6)$/gm, '')
    .replace(
      /^(\s*)listen 443 ssl http2; # test: tls$/m,
      `$1listen 127.0.0.1:${options.main} ssl http2;`,
    )
    .replace(/^(\s*)ssl_certificate .*# test: certificate$/m, `$1ssl_certificate ${options.cert};`)
    .replace(/^(\s*)ssl_certificate_key .*# test: key$/m, `$1ssl_certificate_key ${options.key};`)
    // The redirect block has no listener left: give it one on a free port rather than port 80.
    .replace(
      /server \{\n(\s*\n)*\s*server_name/,
      `server {\n    listen 127.0.0.1:${options.main + 10};\n    server_name`,
    );
  const tlsStart = site.indexOf(`server {\n    listen 127.0.0.1:${options.main} ssl`);
  if (tlsStart < 0) throw new Error('the production site changed shape: update siteForTest');
  const tlsBlock = site.slice(tlsStart);
  const pinned = options.pinned.map((port, index) =>
    tlsBlock
      .replace(`listen 127.0.0.1:${options.main} ssl`, `listen 127.0.0.1:${port} ssl`)
      .replaceAll('http://veilleurs_app', `http://veilleurs_only_${index}`),
  );
  const upstreams = options.instances.map(
    (port, index) => `upstream veilleurs_only_${index} { server 127.0.0.1:${port}; }`,
  );
  return [site, ...upstreams, ...pinned].join('\n');
}

export interface Nginx {
  process: ChildProcess;
  errorLog(): string;
  accessLog(): string;
  stop(): Promise<void>;
}

export async function startNginx(
  dir: string,
  site: string,
  port: number,
  ca: Buffer,
): Promise<Nginx> {
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    fs.mkdirSync(path.join(dir, sub), { recursive: true });
  }
  fs.writeFileSync(path.join(dir, 'site.conf'), site);
  // As root (CI), workers would switch to "nobody" and lose the temp folders: keep them as root.
  const user = process.getuid?.() === 0 ? 'user root root;' : '';
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `${user}
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/site.conf;
}
`,
  );
  const check = spawnSync(
    NGINX,
    ['-t', '-p', dir, '-c', `${dir}/nginx.conf`, '-e', `${dir}/error.log`],
    {
      encoding: 'utf8',
    },
  );
  if (check.status !== 0) throw new Error(`nginx -t failed:\n${check.stderr}`);
  const child = spawn(
    NGINX,
    ['-p', dir, '-c', `${dir}/nginx.conf`, '-e', `${dir}/error.log`, '-g', 'daemon off;'],
    {
      stdio: 'ignore',
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const read = (file: string) =>
    fs.existsSync(path.join(dir, file)) ? fs.readFileSync(path.join(dir, file), 'utf8') : '';
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      await request({ port, ca }, 'GET', '/health');
      break;
    } catch (error) {
      if (Date.now() > deadline || child.exitCode !== null) {
        throw new Error(`nginx did not answer: ${(error as Error).message}\n${read('error.log')}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return {
    process: child,
    errorLog: () => read('error.log'),
    accessLog: () => read('access.log'),
    async stop() {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
    },
  };
}

export interface Response {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  json<T = Record<string, unknown>>(): T;
}

const agents = new Map<string, https.Agent>();

/** One HTTPS request through nginx, trusting only this run's certificate. */
export function request(
  target: { port: number; ca: Buffer },
  method: string,
  urlPath: string,
  options: { token?: string; json?: unknown; body?: Buffer; headers?: Record<string, string> } = {},
): Promise<Response> {
  const key = `${target.port}`;
  let agent = agents.get(key);
  if (!agent) {
    agent = new https.Agent({ ca: target.ca, keepAlive: true, maxSockets: 16 });
    agents.set(key, agent);
  }
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body = options.body;
  if (options.json !== undefined) {
    body = Buffer.from(JSON.stringify(options.json));
    headers['content-type'] = 'application/json';
  }
  if (body) headers['content-length'] = String(body.length);
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: '127.0.0.1',
        servername: 'localhost',
        port: target.port,
        method,
        path: urlPath,
        headers,
        agent,
        timeout: 60_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const data = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: data,
            json: <T>() => JSON.parse(data.toString('utf8')) as T,
          });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('request timed out')));
    req.on('error', reject);
    req.end(body);
  });
}

/** An open Server-Sent Events stream; `next(name)` resolves once an event of that name came. */
export function openEventStream(target: { port: number; ca: Buffer }, urlPath: string) {
  const seen: string[] = [];
  const waiters: { name: string; resolve: () => void }[] = [];
  let buffered = '';
  const req = https.get({
    host: '127.0.0.1',
    servername: 'localhost',
    port: target.port,
    path: urlPath,
    ca: target.ca,
    headers: { accept: 'text/event-stream' },
  });
  const opened = new Promise<{ status: number; headers: Record<string, unknown> }>(
    (resolve, reject) => {
      req.on('error', reject);
      req.on('response', (res) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffered += chunk;
          let end: number;
          while ((end = buffered.indexOf('\n\n')) >= 0) {
            const message = buffered.slice(0, end);
            buffered = buffered.slice(end + 2);
            const name = /^event: (.*)$/m.exec(message)?.[1];
            if (!name) continue;
            seen.push(name);
            for (const waiter of waiters.filter((w) => w.name === name)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve();
            }
          }
        });
        resolve({ status: res.statusCode ?? 0, headers: res.headers });
      });
    },
  );
  return {
    opened,
    seen,
    next(name: string, timeoutMs = 60_000): Promise<void> {
      return new Promise((resolve, reject) => {
        if (seen.includes(name)) return resolve();
        const timer = setTimeout(
          () => reject(new Error(`no "${name}" event; saw ${seen.join(', ')}`)),
          timeoutMs,
        );
        waiters.push({
          name,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
    close() {
      req.destroy();
    },
  };
}
