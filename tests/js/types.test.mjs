// The package's TypeScript declarations: they type-check a typed client
// (types-check.ts), they declare exactly the names the package exports, and
// their string-literal unions are the core's vocabulary.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { test } from 'node:test'

import { hintgate as hg, manifest, packageDir } from './backend.mjs'

const require = createRequire(import.meta.url)
const ts = require('typescript')
const here = path.dirname(fileURLToPath(import.meta.url))

// The declaration file the exports map gives TypeScript for require().
function declarations() {
  const entry = manifest.exports['.']
  const types = entry.require?.types ?? entry.types ?? manifest.types
  assert.ok(types, 'the exports map names the types')
  return path.join(packageDir, types)
}

function program() {
  const options = {
    strict: true,
    noEmit: true,
    noUnusedLocals: false,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    esModuleInterop: true,
    skipLibCheck: false,
    types: [],
    baseUrl: here,
    paths: { 'hintgate-under-test': [declarations()] },
  }
  return ts.createProgram([path.join(here, 'types-check.ts')], options)
}

test('the declarations type-check a typed client, and reject what they must', () => {
  const p = program()
  const diagnostics = ts.getPreEmitDiagnostics(p)
  const text = diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
  assert.deepEqual(text, [])
})

test('the declarations export exactly what the package exports', () => {
  const p = program()
  const checker = p.getTypeChecker()
  const source = p.getSourceFile(declarations())
  const symbol = checker.getSymbolAtLocation(source)
  const values = checker
    .getExportsOfModule(symbol)
    .filter((s) => (s.flags & ts.SymbolFlags.Value) !== 0)
    .map((s) => s.name)
    .sort()
  assert.deepEqual(values, Object.keys(hg).sort())
})

test('the string-literal unions are the core vocabulary', () => {
  const text = readFileSync(declarations(), 'utf8')
  const union = (name) => {
    const m = new RegExp(`export type ${name} =([^]*?)\\n(?:/|export|\\n)`).exec(text)
    assert.ok(m, `type ${name} is declared`)
    return [...m[1].matchAll(/'([^']+)'/g)].map((x) => x[1])
  }
  for (const [name, words] of [
    ['Risk', hg.RISKS],
    ['Action', hg.ACTIONS],
    ['Reason', hg.REASONS],
    ['Retry', hg.RETRIES],
    ['Hint', hg.HINTS],
    ['Finding', hg.FINDINGS],
    ['InvalidKind', hg.INVALID_KINDS],
    ['DocumentErrorKind', hg.DOCUMENT_ERROR_KINDS],
    ['PolicyErrorKind', hg.POLICY_ERROR_KINDS],
    ['Tier', hg.TIERS],
    ['PresetName', hg.PRESETS],
  ]) {
    assert.deepEqual(union(name), [...words], name)
  }
})
