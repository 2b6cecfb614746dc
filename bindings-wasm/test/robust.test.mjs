// What the WebAssembly layer adds to the shared suite's bad-input tests: no
// input reaches a trap (a WebAssembly.RuntimeError), errors carry a code, a
// panic arrives as an Error and the module goes on, and memory is reused
// across calls (the module's own allocator).

import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { test } from 'node:test'

// The module's memory, caught as the wasm-bindgen glue instantiates it.
let memory
const Instance = WebAssembly.Instance
WebAssembly.Instance = function (module, imports) {
  const instance = new Instance(module, imports)
  memory ??= instance.exports.memory
  return instance
}
const require = createRequire(import.meta.url)
const hintgate = require('../lib/index.js')
const native = require('../dist/node/hintgate_wasm.js')
WebAssembly.Instance = Instance

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const example = readFileSync(path.join(root, 'examples/tools-list.json'), 'utf8')
const corpus = readFileSync(path.join(root, 'tests/corpus/github-mcp-server.tools-list.json'), 'utf8')
const parsed = JSON.parse(corpus)
const corpusTools = parsed.tools ?? parsed.result.tools

// A small seeded generator, so a failure can be replayed.
function random(seed) {
  let s = seed >>> 0
  return () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = Math.imul(s ^ (s >>> 15), 1 | s)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

// Either decisions (invalid tools never allowed) or a document error; never a
// trap, never an error without a code.
function decideOrReject(input, options) {
  try {
    const decisions = hintgate.decideAll(input, options)
    for (const d of decisions) {
      if (d.reason === 'invalid_definition') assert.notEqual(d.action, 'allow')
    }
    return 'decided'
  } catch (error) {
    assert.ok(!(error instanceof WebAssembly.RuntimeError), `trap: ${error.message}`)
    assert.equal(error.code, 'HINTGATE_INVALID_DOCUMENT', error.stack)
    assert.equal(typeof error.kind, 'string')
    assert.ok(Number.isInteger(error.offset))
    return 'rejected'
  }
}

test('damaged documents: decisions or a coded error, never a trap', () => {
  const next = random(6)
  const bytes = new TextEncoder().encode(example)
  const outcomes = { decided: 0, rejected: 0 }
  for (let i = 0; i < 3000; i++) {
    // Half cut short, half whole; then up to three bytes replaced.
    const damaged = next() < 0.5 ? bytes.slice(0, 1 + Math.floor(next() * bytes.length)) : bytes.slice()
    const flips = Math.floor(next() * 4)
    for (let f = 0; f < flips; f++) damaged[Math.floor(next() * damaged.length)] = Math.floor(next() * 256)
    const options = { trusted: next() < 0.5, policy: hintgate.PRESETS[i % 5] }
    outcomes[decideOrReject(damaged, options)]++
    outcomes[decideOrReject(new TextDecoder().decode(damaged), options)]++
  }
  // Whole documents survive some flips (in strings), so both outcomes occur.
  assert.ok(outcomes.decided > 0 && outcomes.rejected > 0, JSON.stringify(outcomes))
})

test('extreme shapes: deep nesting, many tools, long strings, lone surrogates', () => {
  assert.equal(decideOrReject('['.repeat(200_000)), 'rejected')
  assert.throws(() => hintgate.decideAll('{"tools":' + '['.repeat(200_000)), { code: 'HINTGATE_INVALID_DOCUMENT', kind: 'too_deep' })
  const many = JSON.stringify({ tools: Array.from({ length: 5000 }, (_, i) => ({ name: `t${i}`, annotations: { readOnlyHint: i % 2 === 0 } })) })
  const decisions = hintgate.decideAll(many, { trusted: true })
  assert.equal(decisions.length, 5000)
  assert.equal(decisions[4999].name, 't4999')
  const long = 'é'.repeat(300_000)
  assert.equal(hintgate.decide({ name: long, title: '\u{1F600}' }).name, long)
  // A lone surrogate becomes U+FFFD on the way in, as in the Node addon.
  assert.equal(hintgate.decide('{"name": "a\uD800b"}').name, 'a\uFFFDb')
})

test('errors carry codes; native misuse throws like the napi addon', () => {
  assert.throws(() => hintgate.decide(5), { code: 'HINTGATE_INVALID_ARGUMENT' })
  assert.throws(() => hintgate.decideAll('{"tools": 5}'), { code: 'HINTGATE_INVALID_DOCUMENT', kind: 'tools_not_array' })
  assert.throws(() => hintgate.Policy.fromJSON('{}'), { code: 'HINTGATE_INVALID_POLICY' })
  assert.throws(() => hintgate.stamp('nope'), { code: 'HINTGATE_UNKNOWN_TIER' })
  assert.throws(() => hintgate.hintsFromBits(1.5), { code: 'HINTGATE_INVALID_HINTS' })
  // What api.js never passes: the addon's InvalidArg errors, not traps.
  assert.throws(() => native.decideText('{}', false, 0xffff_ffff, 0, '', new Uint32Array(0), false), { code: 'InvalidArg', message: '4294967295 is not a packed policy' })
  assert.throws(() => native.policyNew([0, 0], false), { code: 'InvalidArg', message: 'a policy has six actions' })
  assert.throws(() => native.mayRunInParallel(Uint32Array.of(3)), { code: 'InvalidArg' })
  // Scope lengths that do not cut the joined text.
  for (const [text, lengths] of [['ab', [1]], ['ab', [3]], ['a\u{1F600}', [2]], ['ab', [1, 0]]]) {
    assert.throws(() => native.decideObject('{"name":"t"}', 0, 4, text, Uint32Array.from(lengths)), {
      code: 'InvalidArg',
      message: 'scope lengths do not fit the scope text',
    })
  }
  assert.throws(() => native.explain(9, 0, 0), { code: 'InvalidArg', message: 'unknown action' })
  assert.equal(native.hintsFromBits(Number.NaN), -1)
  assert.equal(native.policyIsValid(-0.5), false)
  assert.equal(native.tierInfo('nope'), null)
})

test('a Rust panic is a trap, and the module goes on', () => {
  // Built with -Cpanic=immediate-abort: a panic is `unreachable`, with no
  // panic machinery in the module. Many in a row: a trap leaves no state
  // behind that later calls trip over.
  for (let i = 0; i < 1000; i++) {
    assert.throws(() => native.panicForTest(), (e) => {
      assert.ok(e instanceof WebAssembly.RuntimeError, String(e))
      assert.match(e.message, /unreachable/)
      return true
    })
    assert.equal(hintgate.decide({ name: 'r', annotations: { readOnlyHint: true } }, { trusted: true }).action, 'allow')
  }
  assert.equal(hintgate.decideAll(corpus, { trusted: true }).length, 117)
})

test('memory is reused: repeated calls do not grow it', () => {
  assert.ok(memory instanceof WebAssembly.Memory)
  const work = () => {
    hintgate.decideAll(corpus, { trusted: true })
    hintgate.readTools(corpus)
    for (const tool of corpusTools.slice(0, 20)) hintgate.decide(tool)
  }
  for (let i = 0; i < 5; i++) work()
  const settled = memory.buffer.byteLength
  for (let i = 0; i < 200; i++) work()
  assert.equal(memory.buffer.byteLength, settled, 'memory grew after warm-up')
  assert.ok(settled < 16 * 1024 * 1024, `${settled} bytes`)
})
