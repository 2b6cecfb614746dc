// The JavaScript API beyond the vectors: shapes, options, objects against
// text, policies, errors of every kind, require() and import().
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { test } from 'node:test'

import { hintgate as hg, importEntry, nativeLayer, panicMessage, root } from './backend.mjs'
import { vectorFiles, vectorsDir } from './vectors.mjs'

const examples = readFileSync(path.join(root, 'examples/tools-list.json'), 'utf8')
const corpus = readFileSync(path.join(root, 'tests/corpus/github-mcp-server.tools-list.json'), 'utf8')
const toolsOf = (doc) => (Array.isArray(doc) ? doc : (doc.result ?? doc).tools)

const readOnly = { name: 'list_orders', annotations: { readOnlyHint: true } }

test('a decision is plain data plus explain() on its prototype', () => {
  const d = hg.decide(readOnly, { trusted: true })
  assert.deepEqual(Object.keys(d), [
    'name', 'action', 'risk', 'reason', 'retry', 'audit', 'secret', 'progress', 'findings', 'effective',
  ])
  assert.deepEqual(JSON.parse(JSON.stringify(d)), {
    name: 'list_orders', action: 'allow', risk: 'read', reason: 'policy', retry: 'safe',
    audit: true, secret: false, progress: false, findings: [],
    effective: ['readOnlyHint', 'idempotentHint', 'openWorldHint'],
  })
  assert.equal(d.explain(), 'Allowed: the policy runs read tools without asking.')
  assert.equal(Object.getOwnPropertyDescriptor(d, 'explain'), undefined)
  assert.ok(d instanceof hg.Decision)
  assert.ok(Object.isFrozen(d.findings) && Object.isFrozen(d.effective))
  assert.throws(() => new hg.Decision(0, 'x') && hg.mayRunInParallel([{}]), { code: 'HINTGATE_INVALID_ARGUMENT' })
})

test('the vocabulary lists are the core words, frozen', () => {
  assert.deepEqual([...hg.RISKS], ['read', 'compute', 'external', 'share', 'spend', 'destructive'])
  assert.deepEqual([...hg.ACTIONS], ['allow', 'confirm', 'deny'])
  assert.deepEqual([...hg.RETRIES], ['safe', 'same_key', 'never'])
  assert.deepEqual([...hg.PRESETS], ['default', 'cautious', 'strict', 'plan', 'permissive'])
  for (const list of [hg.RISKS, hg.ACTIONS, hg.REASONS, hg.FINDINGS, hg.HINTS, hg.TIERS, hg.INVALID_KINDS]) {
    assert.ok(Object.isFrozen(list))
  }
})

test('options: defaults are untrusted, online, default policy, no scope check', () => {
  const d = hg.decide(readOnly)
  assert.equal(d.reason, 'untrusted')
  assert.equal(d.risk, 'destructive')
  assert.equal(d.action, 'confirm')
  assert.deepEqual({ ...hg.decide(readOnly, {}) }, { ...d })
  assert.deepEqual({ ...hg.decide(readOnly, { policy: undefined, scopes: null }) }, { ...d })
  const scoped = { name: 'push', annotations: { readOnlyHint: true }, _meta: { 'x-required-scope': 'repo:write' } }
  assert.equal(hg.decide(scoped, { trusted: true }).action, 'allow')
  assert.equal(hg.decide(scoped, { trusted: true, scopes: [] }).reason, 'missing_scope')
  assert.equal(hg.decide(scoped, { trusted: true, scopes: new Set(['repo:write']) }).action, 'allow')
  const open = { name: 'fetch', annotations: { readOnlyHint: true, openWorldHint: true } }
  assert.equal(hg.decide(open, { trusted: true, offline: true }).reason, 'offline')
})

test('options: anything misspelt or mistyped is an error, never a silent default', () => {
  for (const options of [
    { ofline: true },
    { trusted: 'yes' },
    { offline: 1 },
    { scopes: 'repo' },
    { scopes: [1] },
    { policy: 'yolo' },
    { policy: 42 },
    { policy: null },
    'trusted',
  ]) {
    assert.throws(() => hg.decide(readOnly, options), (e) => e instanceof Error && e.code.startsWith('HINTGATE_'), JSON.stringify(options))
  }
})

test('policies: presets, custom objects, JSON text, Policy objects all decide alike', () => {
  const { Policy, presets } = hg
  assert.equal(presets.default.bits, 5456)
  assert.equal(presets.plan.preset, 'plan')
  const custom = { ...presets.default.toJSON(), compute: 'confirm' }
  const cautious = Policy.from(custom)
  assert.equal(cautious, presets.cautious) // one object per policy
  assert.equal(Policy.from(JSON.stringify(custom)), presets.cautious)
  assert.equal(presets.default.withAction('compute', 'confirm'), presets.cautious)
  assert.equal(presets.default.withConfirmCostly(false).confirmCostly, false)
  assert.equal(Policy.fromBits(0), presets.permissive)
  assert.equal(JSON.stringify(presets.strict), presets.strict.toString())
  assert.equal(presets.plan.action('compute'), 'deny')
  const compute = { name: 'sum', annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false } }
  for (const policy of ['cautious', custom, JSON.stringify(custom), cautious]) {
    assert.equal(hg.decide(compute, { trusted: true, policy }).action, 'confirm')
  }
  assert.equal(hg.decide(compute, { trusted: true }).action, 'allow')
  assert.ok(Object.isFrozen(cautious))
  assert.throws(() => new Policy(5456), { code: 'HINTGATE_INVALID_ARGUMENT' })
  assert.throws(() => Policy.fromBits(3), { code: 'HINTGATE_INVALID_ARGUMENT' })
  assert.throws(() => presets.default.withAction('nope', 'allow'), { code: 'HINTGATE_INVALID_ARGUMENT' })
})

test('policy errors carry the core kind and the field at fault', () => {
  const base = hg.presets.default.toJSON()
  const cases = [
    [() => hg.Policy.preset('yolo'), 'unknown_preset', null],
    [() => hg.Policy.fromJSON('[]'), 'syntax', null],
    [() => hg.Policy.from({ ...base, extra: 'allow' }), 'unknown_key', null],
    [() => hg.Policy.from({ ...base, spend: 'maybe' }), 'invalid_action', 'spend'],
    [() => hg.Policy.from({ ...base, confirm_costly: 'yes' }), 'invalid_flag', 'confirm_costly'],
    [() => hg.Policy.from({ read: 'allow' }), 'missing_key', 'compute'],
    [() => hg.Policy.fromJSON('{"read":"allow","read":"deny"}'), 'duplicate_key', 'read'],
  ]
  for (const [fn, kind, field] of cases) {
    assert.throws(fn, (e) => {
      assert.equal(e.code, 'HINTGATE_INVALID_POLICY')
      assert.equal(e.kind, kind)
      assert.ok(e instanceof Error && e.message.startsWith('hintgate: invalid policy'))
      if (field !== null) {
        assert.equal(e.field, field)
        assert.ok(e.message.includes(field), e.message)
      }
      return true
    })
  }
})

test('an object gets exactly the decision of its JSON text (every vector object, every context)', () => {
  const contexts = [{}, { trusted: true }, { trusted: true, offline: true }, { trusted: true, scopes: ['a'] }, { trusted: true, policy: 'permissive' }]
  let compared = 0
  for (const name of vectorFiles()) {
    const file = JSON.parse(readFileSync(path.join(vectorsDir, name), 'utf8'))
    for (const c of file.cases) {
      if (!('input' in c) || typeof c.input === 'string' || c.input === null || typeof c.input !== 'object') continue
      const text = JSON.stringify(c.input)
      let fromText
      try {
        fromText = hg.decideAll(text, contexts[1])
      } catch (error) {
        assert.throws(() => hg.decideAll(c.input), { code: error.code, kind: error.kind })
        continue
      }
      for (const options of contexts) {
        const a = hg.decideAll(text, options).map((d) => ({ ...d }))
        const b = hg.decideAll(c.input, options).map((d) => ({ ...d }))
        assert.deepEqual(b, a, c.id)
        compared += a.length
      }
    }
  }
  assert.ok(compared > 500, `${compared} decisions compared`)
})

test('an object with many keys, odd keys and JSON-only values reads as its text', () => {
  const wide = { name: 'wide' }
  for (let i = 0; i < 64; i++) wide[`k${i}`] = { big: [1, 2, 3] }
  assert.equal(hg.readTools([wide])[0].error, 'too_many_keys')
  assert.equal(hg.readTools(JSON.stringify([wide]))[0].error, 'too_many_keys')
  delete wide.k0
  assert.equal(hg.readTools([wide])[0].error, null)
  // Keys JSON.stringify leaves out do not count; undefined is absent.
  wide.f = () => 1
  wide.u = undefined
  wide[Symbol('s')] = 1
  assert.equal(hg.readTools([wide])[0].error, null)
  const proto = JSON.parse('{"name":"p","__proto__":{"x":1},"annotations":{"readOnlyHint":true}}')
  assert.deepEqual({ ...hg.decide(proto, { trusted: true }) }, { ...hg.decide(JSON.stringify(proto), { trusted: true }) })
  // A non-boolean hint counts as absent, so the tier's stamp is not contradicted.
  const escaped = '{"name":"del\\u0065te_repo","annotations":{"readOnlyHint":"true"},"_meta":{"x-side-effect":"destr\\u0075ctive"}}'
  const d = hg.decide(escaped, { trusted: true })
  assert.deepEqual([d.name, d.risk, d.reason], ['delete_repo', 'destructive', 'policy'])
  assert.deepEqual([...d.findings], ['invalid_hint'])
  assert.deepEqual({ ...hg.decide(JSON.parse(escaped), { trusted: true }) }, { ...d })
  const withToJSON = { toJSON: () => ({ name: 'from_to_json', annotations: { readOnlyHint: true } }) }
  assert.equal(hg.decide(withToJSON, { trusted: true }).name, 'from_to_json')
  assert.equal(hg.decide({ name: 'x', annotations: null }, { trusted: true }).reason, 'invalid_definition')
  assert.equal(hg.decide({ name: 5 }).name, null)
  assert.equal(hg.decide({ name: 'é✓𝄞' }).name, 'é✓𝄞')
})

test('decideAll takes text, bytes, a listTools() result, a JSON-RPC response and an array alike', () => {
  const doc = JSON.parse(corpus)
  const tools = toolsOf(doc)
  const expected = hg.decideAll(corpus, { trusted: true }).map((d) => ({ ...d }))
  assert.equal(expected.length, 117)
  for (const input of [Buffer.from(corpus), new TextEncoder().encode(corpus), doc, { tools }, tools, { jsonrpc: '2.0', id: 1, result: { tools } }]) {
    assert.deepEqual(hg.decideAll(input, { trusted: true }).map((d) => ({ ...d })), expected)
  }
  tools.forEach((tool, i) => assert.deepEqual({ ...hg.decide(tool, { trusted: true }) }, expected[i]))
  assert.deepEqual(hg.decideAll('[]'), [])
})

test('readTools: names, display names, declared hints, invalid kinds, findings', () => {
  const infos = hg.readTools(examples)
  assert.equal(infos.length, 17)
  for (const info of infos) {
    assert.deepEqual(Object.keys(info), ['name', 'displayName', 'hints', 'error', 'findings'])
  }
  const [titled, untitled, broken] = hg.readTools([
    { name: 'a', title: 'Top', annotations: { title: 'Inner', readOnlyHint: true } },
    { name: 'b', annotations: { title: 'Inner' } },
    { annotations: {} },
  ])
  assert.equal(titled.displayName, 'Top')
  assert.equal(titled.hints, 0x0101)
  assert.equal(untitled.displayName, 'Inner')
  assert.deepEqual(broken, { name: null, displayName: null, hints: 0, error: 'missing_name', findings: [] })
})

test('lint, needsConfirmation, mayRunInParallel, stamp', () => {
  assert.deepEqual([...hg.lint({ name: 'getUser', annotations: { readOnlyHint: false } })], ['name_suggests_read'])
  assert.deepEqual([...hg.lint('{"name":"delete_x","annotations":{"destructiveHint":false}}')], ['name_suggests_destructive'])
  assert.equal(hg.needsConfirmation({ name: 'x' }), true)
  assert.equal(hg.needsConfirmation(readOnly, { trusted: true }), false)
  const reads = hg.decideAll([readOnly, readOnly], { trusted: true })
  assert.equal(hg.mayRunInParallel(reads), true)
  assert.equal(hg.mayRunInParallel([...reads, hg.decide({ name: 'x' }, { trusted: true })]), false)
  assert.equal(hg.mayRunInParallel([]), true)
  assert.throws(() => hg.mayRunInParallel([{ action: 'allow', risk: 'nope', reason: 'policy' }]), { code: 'HINTGATE_INVALID_ARGUMENT' })
  const tool = { name: 'orders_place', inputSchema: { type: 'object' }, ...hg.stamp('external_spend') }
  assert.deepEqual(tool._meta, { 'x-side-effect': 'external_spend' })
  const d = hg.decide(tool, { trusted: true })
  assert.deepEqual([d.risk, d.action, d.retry, d.reason], ['spend', 'confirm', 'same_key', 'policy'])
  assert.deepEqual(hg.tierInfo('read').stampBits, 0x090f)
  assert.throws(() => hg.stamp('spend'), { code: 'HINTGATE_UNKNOWN_TIER' })
  assert.throws(() => hg.hintsFromBits(0x4000), { code: 'HINTGATE_INVALID_HINTS' })
  assert.throws(() => hg.hintsFromBits(1.5), { code: 'HINTGATE_INVALID_HINTS' })
  assert.equal(hg.hintsToBits({ readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: true }), 2319)
  assert.throws(() => hg.hintsToBits({ readOnly: true }), { code: 'HINTGATE_INVALID_ARGUMENT' })
})

test('unreadable JSON of every kind: an Error with code, kind and byte offset; never a decision', () => {
  const cases = [
    ['', 'unexpected_end', 0],
    ['{"name":"x"', 'unexpected_end', 11],
    ['{"name":"x",}', 'unexpected_byte', 12],
    ['[-]', 'invalid_number', 2],
    ['{"name":"\\q"}', 'invalid_escape', 9],
    ['{"name":"a\u0001"}', 'control_character', 10],
    ['['.repeat(129) + ']'.repeat(129), 'too_deep', 128],
    ['[] x', 'trailing_bytes', 3],
    ['42', 'not_a_document', 0],
    ['{"tools":[],"tools":[]}', 'duplicate_key', 12],
    ['{"tools":{}}', 'tools_not_array', 9],
    ['{"jsonrpc":"2.0","id":1}', 'missing_result', 0],
  ]
  for (const [text, kind, offset] of cases) {
    for (const input of [text, Buffer.from(text)]) {
      assert.throws(() => hg.decideAll(input), (e) => {
        assert.ok(e instanceof Error)
        assert.deepEqual([e.code, e.kind, e.offset], ['HINTGATE_INVALID_DOCUMENT', kind, offset], text)
        assert.ok(e.message.includes(`at byte ${offset}`), e.message)
        return true
      })
    }
  }
  assert.throws(() => hg.decideAll(Buffer.from([0x5b, 0xff, 0x5d])), { code: 'HINTGATE_INVALID_DOCUMENT', kind: 'invalid_utf8', offset: 1 })
  assert.throws(() => hg.decideAll('{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"no t\\u006Fols"}}'), {
    code: 'HINTGATE_INVALID_DOCUMENT', kind: 'server_error', serverMessage: 'no tools', serverCode: -32601,
  })
  assert.throws(() => hg.decide('[{"name":"a"}]'), { code: 'HINTGATE_INVALID_DOCUMENT', kind: 'not_a_tool' })
  // An object whose read values cannot be read as the core reads text: an error, not a decision.
  const deep = { name: 'deep', annotations: {} }
  let inner = deep.annotations
  for (let i = 0; i < 130; i++) inner = inner.x = {}
  assert.throws(() => hg.decide(deep), { code: 'HINTGATE_INVALID_DOCUMENT', kind: 'too_deep' })
  assert.throws(() => hg.decide({ name: 'x', title: '\ud800' }), { code: 'HINTGATE_INVALID_DOCUMENT', kind: 'invalid_escape' })
})

test('values that are no tool, or that JSON cannot hold: TypeError with a code', () => {
  const cyclic = { name: 'c', annotations: {} }
  cyclic.annotations.self = cyclic
  const bad = [
    () => hg.decide(42),
    () => hg.decide(null),
    () => hg.decide([readOnly]),
    () => hg.decide(undefined),
    () => hg.decide({ name: 'b', annotations: { readOnlyHint: 1n } }),
    () => hg.decide(cyclic),
    () => hg.decideAll(7),
    () => hg.decideAll(null),
    () => hg.decideAll([{ name: 'b', _meta: { n: 2n } }]),
    () => hg.lint(Symbol('x')),
    () => hg.mayRunInParallel(5),
    () => hg.stamp(5),
  ]
  for (const fn of bad) {
    assert.throws(fn, (e) => e instanceof Error && e.code.startsWith('HINTGATE_'), fn.toString())
  }
  assert.throws(bad[4], (e) => e instanceof TypeError && e.code === 'HINTGATE_INVALID_ARGUMENT')
  assert.throws(bad[5], (e) => e instanceof TypeError && e.code === 'HINTGATE_INVALID_ARGUMENT')
  // A value the core skips is never serialised, so it cannot fail.
  assert.equal(hg.decide({ name: 'ok', inputSchema: { n: 1n } }).name, 'ok')
})

test('invalid definitions in a list are decided on their own, never allowed', () => {
  const ds = hg.decideAll([5, { name: 'ok', annotations: { readOnlyHint: true } }, { name: 'x', annotations: [] }], {
    trusted: true,
    policy: 'permissive',
  })
  assert.deepEqual(ds.map((d) => [d.name, d.action, d.reason]), [
    [null, 'confirm', 'invalid_definition'],
    ['ok', 'allow', 'policy'],
    ['x', 'confirm', 'invalid_definition'],
  ])
})

test('a Rust panic reaches JavaScript as an Error and the process lives on', () => {
  const native = nativeLayer()
  assert.equal(typeof native.panicForTest, 'function')
  assert.throws(() => native.panicForTest(), (e) => e instanceof Error && panicMessage.test(e.message))
  assert.equal(hg.decide(readOnly, { trusted: true }).action, 'allow')
})

test('require() and import() give the same package', async () => {
  const esm = await importEntry()
  const names = Object.keys(hg).sort()
  for (const name of names) assert.equal(esm[name], hg[name], name)
  assert.equal(esm.default, hg)
  assert.deepEqual(Object.keys(esm).filter((n) => n !== 'default').sort(), names)
  assert.equal(esm.decide(readOnly, { trusted: true }).action, 'allow')
})
