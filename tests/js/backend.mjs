// Which hintgate package this suite tests: HINTGATE_BACKEND=node (default) or
// wasm. Both packages have the same API; the suite is the same for both.
//
// Each backend names its package folder and, for the panic test, the module
// of its native layer (which must export `panicForTest`) and what its panic
// looks like: the Node addon catches the unwind and keeps the message; the
// WASM module is built to trap on a panic (no panic machinery, for size),
// which JavaScript sees as a WebAssembly.RuntimeError "unreachable". A
// backend that is missing or unbuilt fails loudly here: nothing is skipped.

import { createRequire } from 'node:module'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))
export const root = path.resolve(here, '../..')

const BACKENDS = {
  node: {
    dir: 'bindings-node',
    native: 'index.js',
    panic: /deliberate panic/,
    build: 'cd bindings-node && npm install && npm run build',
  },
  wasm: {
    dir: 'bindings-wasm',
    native: 'dist/node/hintgate_wasm.js',
    panic: /unreachable/,
    build: 'cd bindings-wasm && npm install && npm run build',
  },
}

export const backendName = process.env.HINTGATE_BACKEND || 'node'
const backend = BACKENDS[backendName]
if (!backend) {
  throw new Error(`HINTGATE_BACKEND=${backendName}: not one of ${Object.keys(BACKENDS).join(', ')}`)
}
export const packageDir = path.join(root, backend.dir)
const manifestPath = path.join(packageDir, 'package.json')
if (!existsSync(manifestPath)) {
  throw new Error(`HINTGATE_BACKEND=${backendName}: no package at ${packageDir} (build it: ${backend.build})`)
}
export const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))

// The file the package's `exports` map gives for one condition ('require' or
// 'import'), following nested condition objects as Node does.
export function entryFor(condition) {
  const conditions = [condition, 'node', 'default']
  const pick = (target) => {
    if (typeof target === 'string') return target
    if (target && typeof target === 'object') {
      for (const [key, value] of Object.entries(target)) {
        if (conditions.includes(key)) {
          const found = pick(value)
          if (found) return found
        }
      }
    }
    return null
  }
  const exportsMap = manifest.exports
  const main = exportsMap && typeof exportsMap === 'object' && '.' in exportsMap ? exportsMap['.'] : exportsMap
  const file = pick(main)
  if (!file) throw new Error(`${manifest.name}: no '${condition}' entry in its exports map`)
  return path.join(packageDir, file)
}

const require = createRequire(import.meta.url)
let loaded
try {
  loaded = require(entryFor('require'))
} catch (error) {
  throw new Error(
    `HINTGATE_BACKEND=${backendName}: cannot load ${manifest.name} (${error.message}); build it: ${backend.build}`,
    { cause: error },
  )
}

/** The package under test, loaded with require(). */
export const hintgate = loaded

/** The package under test, loaded with import(). */
export const importEntry = () => import(pathToFileURL(entryFor('import')).href)

/** What the message of a Rust panic in the native layer matches. */
export const panicMessage = backend.panic

/** The package's native layer (for the panic test only). */
export function nativeLayer() {
  if (!backend.native) throw new Error(`HINTGATE_BACKEND=${backendName}: no native layer named in tests/js/backend.mjs`)
  return require(path.join(packageDir, backend.native))
}
