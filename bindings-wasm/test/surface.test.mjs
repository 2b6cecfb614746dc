// One API with the Node package, by construction and checked:
// - the wasm-bindgen module exports exactly the napi addon's functions;
// - the package's TypeScript declarations export the same names with the
//   same types as bindings-node's (compared through the TypeScript checker);
// - the package packed by `npm pack` installs and works with require(),
//   import() and its declarations.

import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { test } from 'node:test'

const here = path.dirname(fileURLToPath(import.meta.url))
const packageDir = path.resolve(here, '..')
const nodePackageDir = path.resolve(packageDir, '../bindings-node')
const require = createRequire(import.meta.url)
const ts = require('typescript')

// The functions the napi crate exports, from its generated declarations.
function napiFunctions() {
  const text = readFileSync(path.join(nodePackageDir, 'index.d.ts'), 'utf8')
  return [...text.matchAll(/^export declare function (\w+)\(/gm)].map((m) => m[1]).sort()
}

test('the wasm module exports exactly the napi addon functions', () => {
  const expected = napiFunctions()
  assert.ok(expected.length >= 15, `${expected.length} napi functions`)
  const nodeBuild = require('../dist/node/hintgate_wasm.js')
  assert.deepEqual(Object.keys(nodeBuild).sort(), expected)
  for (const name of expected) assert.equal(typeof nodeBuild[name], 'function', name)
  // The web build: the same functions, plus wasm-bindgen's initialisers.
  const webTypes = readFileSync(path.join(packageDir, 'dist/web/hintgate_wasm.d.ts'), 'utf8')
  const webFunctions = [...webTypes.matchAll(/^export function (\w+)\(/gm)].map((m) => m[1]).sort()
  assert.deepEqual(webFunctions, [...expected, 'initSync'].sort())
})

// Every export of a declaration file: name → kind and type as the checker
// prints it.
function exportsOf(file) {
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    types: [],
  })
  const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
  assert.deepEqual(diagnostics, [], file)
  const checker = program.getTypeChecker()
  const source = program.getSourceFile(file)
  const out = {}
  for (const symbol of checker.getExportsOfModule(checker.getSymbolAtLocation(source))) {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol
    const declaration = target.declarations?.[0]
    const isValue = (target.flags & ts.SymbolFlags.Value) !== 0
    const type = isValue
      ? checker.getTypeOfSymbolAtLocation(target, declaration ?? source)
      : checker.getDeclaredTypeOfSymbol(target)
    const print = (t) =>
      checker
        .typeToString(t, undefined, ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.InTypeAlias)
        .replace(/import\("[^"]*\/bindings-(node|wasm)\//g, 'import("<package>/')
    // Named interfaces and classes print as their names: list their members
    // too (for a class, the statics and the instances' members).
    const ours = (t) => (t.getSymbol()?.declarations ?? []).some((d) => d.getSourceFile() === source)
    const members = (t) =>
      ours(t)
        ? checker
            .getPropertiesOfType(t)
            .map((p) => `${p.name}: ${print(checker.getTypeOfSymbolAtLocation(p, declaration ?? source))}`)
        : []
    const described = [print(type), ...members(type)]
    for (const signature of type.getConstructSignatures()) described.push(...members(signature.getReturnType()))
    out[symbol.name] = `${isValue ? 'value' : 'type'}: ${described.join('; ')}`
  }
  return out
}

test("the declarations export the Node package's names and types, exactly", () => {
  for (const file of ['lib/index.d.ts', 'lib/index.d.mts']) {
    const wasm = exportsOf(path.join(packageDir, file))
    const node = exportsOf(path.join(nodePackageDir, file))
    assert.ok(Object.keys(node).length >= 40, `${file}: ${Object.keys(node).length} exports`)
    const differing = Object.keys({ ...wasm, ...node }).filter((name) => wasm[name] !== node[name])
    assert.deepEqual(differing, [], `${file}: these exports differ from bindings-node's`)
    assert.deepEqual(wasm, node, file)
  }
  // And the runtime exports are the declared values.
  const declared = exportsOf(path.join(packageDir, 'lib/index.d.ts'))
  const values = Object.keys(declared).filter((name) => declared[name].startsWith('value'))
  assert.deepEqual(values.sort(), Object.keys(require('../lib/index.js')).sort())
})

test('the package from `npm pack` installs and works: require, import, types', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'hintgate-wasm-pack-'))
  try {
    const out = execFileSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: packageDir, encoding: 'utf8' })
    const [{ filename, files }] = JSON.parse(out.slice(out.indexOf('[')))
    const packed = files.map((f) => f.path).sort()
    for (const needed of [
      'package.json',
      'lib/index.js',
      'lib/index.mjs',
      'lib/browser.mjs',
      'lib/api.js',
      'lib/api.browser.mjs',
      'lib/index.d.ts',
      'lib/index.d.mts',
      'dist/node/hintgate_wasm.js',
      'dist/node/hintgate_wasm_bg.wasm',
      'dist/web/hintgate_wasm.js',
      'dist/web/hintgate_wasm_bg.wasm',
      'demo/index.html',
      'demo/tools-list.json',
    ]) {
      assert.ok(packed.includes(needed), `the package lacks ${needed}`)
    }
    assert.deepEqual(packed.filter((f) => /^(src|target|test|bench)\/|Cargo/.test(f)), [])

    const installed = path.join(work, 'node_modules/hintgate-wasm')
    mkdirSync(installed, { recursive: true })
    execFileSync('tar', ['-xzf', path.join(work, filename), '-C', installed, '--strip-components=1'])
    writeFileSync(
      path.join(work, 'use.mjs'),
      `import { createRequire } from 'node:module'
import * as esm from 'hintgate-wasm'
const cjs = createRequire(import.meta.url)('hintgate-wasm')
const tool = { name: 'get_weather', annotations: { readOnlyHint: true } }
console.log(JSON.stringify([cjs.decide(tool, { trusted: true }).action, esm.decide(tool, { trusted: true }).action, esm.default === cjs]))
`,
    )
    assert.equal(execFileSync(process.execPath, ['use.mjs'], { cwd: work, encoding: 'utf8' }).trim(), '["allow","allow",true]')
    // A typed client compiles against the installed package's declarations.
    writeFileSync(
      path.join(work, 'use.ts'),
      `import { decide, type Decision, type Action } from 'hintgate-wasm'
const d: Decision = decide({ name: 'x' }, { policy: 'strict', trusted: true })
const a: Action = d.action
// @ts-expect-error: not an option
decide({ name: 'x' }, { trustd: true })
export { a }
`,
    )
    const program = ts.createProgram([path.join(work, 'use.ts')], {
      strict: true,
      noEmit: true,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      types: [],
    })
    const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
    assert.deepEqual(diagnostics, [])
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
})
