// A static file server on 127.0.0.1 for the Chromium tests and benchmark:
// the repository root, so pages reach this package (/bindings-wasm/...), the
// shared suite (/tests/js/...) and the vectors (/tests/vectors/...). A
// request for a directory (ending in `/`) answers its file names as JSON.
// No dependencies; GET only; nothing outside the root.

import { createServer } from 'node:http'
import { readFile, readdir, stat } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
}

async function answer(root, request, response) {
  const url = new URL(request.url, 'http://127.0.0.1')
  const file = path.join(root, decodeURIComponent(url.pathname))
  if (request.method !== 'GET' || (file !== root && !file.startsWith(root + path.sep))) {
    response.writeHead(403).end()
    return
  }
  try {
    if (url.pathname.endsWith('/')) {
      const names = (await readdir(file)).sort()
      response.writeHead(200, { 'content-type': TYPES['.json'] }).end(JSON.stringify(names))
      return
    }
    if (!(await stat(file)).isFile()) throw new Error('not a file')
    const body = await readFile(file)
    const type = TYPES[path.extname(file)] ?? 'application/octet-stream'
    response.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(body)
  } catch {
    response.writeHead(404).end()
  }
}

/** Serves `root` on 127.0.0.1 at a free port: { origin, close() }. */
export function serve(root = repoRoot) {
  const server = createServer((request, response) => {
    answer(root, request, response).catch(() => response.writeHead(500).end())
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      resolve({
        origin: `http://127.0.0.1:${server.address().port}`,
        close: () => new Promise((done) => server.close(done)),
      })
    })
  })
}
