// Runs the shared conformance vectors (tests/vectors/*.json) through the
// JavaScript API — the counterpart of the Rust runner tests/src/lib.rs, and as
// strict: unknown fields, missing expectations and duplicate ids are failures.
//
// A `decisions` case whose input is a JSON value runs three ways — as the
// JSON.stringify text, as the object itself, and (for one tool) through
// decide() — and all three must give the expected results.

import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { isDeepStrictEqual } from 'node:util'

import { root } from './backend.mjs'

export const vectorsDir = path.join(root, 'tests/vectors')

const COMMON = ['id', 'description', 'spec', 'source']

export function vectorFiles() {
  return readdirSync(vectorsDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
}

/** Runs one file; returns {cases, checks, decisions, failures, seen}. */
export function runFile(hg, name, report, ids) {
  const file = JSON.parse(readFileSync(path.join(vectorsDir, name), 'utf8'))
  for (const key of ['_comment', 'kind', 'covers', 'cases']) {
    if (!(key in file)) report.failures.push(`${name}: header lacks \`${key}\``)
  }
  report.files += 1
  for (const c of file.cases ?? []) {
    const run = new CaseRun(hg, `${name}/${c.id}`, report)
    if (typeof c.id !== 'string' || c.id === '' || ids.has(c.id)) run.fail('missing or duplicate id')
    ids.add(c.id)
    if (typeof c.description !== 'string') run.fail('case lacks a description')
    const kinds = {
      decisions: () => run.decisions(c),
      hints: () => run.hints(c),
      tiers: () => run.tiers(c),
      policies: () => run.policies(c),
      parallel: () => run.parallel(c),
    }
    const kind = kinds[file.kind]
    if (!kind) run.fail(`unknown file kind ${JSON.stringify(file.kind)}`)
    else {
      try {
        kind()
      } catch (error) {
        run.fail(`threw ${error.code ?? ''} ${error.stack}`)
      }
    }
    report.cases += 1
  }
}

export function newReport() {
  return { files: 0, cases: 0, checks: 0, decisions: 0, confirmations: 0, failures: [], seen: new Set() }
}

class CaseRun {
  constructor(hg, id, report) {
    this.hg = hg
    this.id = id
    this.report = report
  }

  fail(message) {
    this.report.failures.push(`${this.id}: ${message}`)
  }

  onlyFields(object, allowed, what) {
    for (const key of Object.keys(object)) {
      if (!allowed.includes(key) && !COMMON.includes(key)) this.fail(`unknown field \`${key}\` in ${what}`)
    }
  }

  check(field, expected, actual) {
    this.report.checks += 1
    if (expected === undefined) this.fail(`no expected \`${field}\``)
    else if (!isDeepStrictEqual(expected, actual)) {
      this.fail(`${field}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`)
    }
  }

  saw(kind, word) {
    this.report.seen.add(`${kind}:${word}`)
  }

  // The ways this case's input reaches the API: [label, document, single tool or undefined].
  inputs(c) {
    const hasInput = 'input' in c
    const hasHex = 'input_hex' in c
    if (hasInput === hasHex) {
      this.fail('needs exactly one of `input` and `input_hex`')
      return []
    }
    if (hasHex) {
      const hex = c.input_hex.replace(/\s+/g, '')
      if (!/^([0-9a-fA-F]{2})*$/.test(hex)) {
        this.fail('bad input_hex')
        return []
      }
      return [['bytes', Buffer.from(hex, 'hex')]]
    }
    if (typeof c.input === 'string') {
      return [
        ['text', c.input],
        ['utf8 bytes', new TextEncoder().encode(c.input)],
      ]
    }
    return [
      ['text', JSON.stringify(c.input)],
      ['object', c.input],
    ]
  }

  decisions(c) {
    this.onlyFields(c, ['input', 'input_hex', 'tools', 'error'], 'case')
    if (('tools' in c) === ('error' in c)) return this.fail('needs exactly one of `tools` and `error`')
    for (const [label, input] of this.inputs(c)) {
      const at = (s) => `[${label}] ${s}`
      let infos
      try {
        infos = this.hg.readTools(input)
      } catch (error) {
        if (error.code !== 'HINTGATE_INVALID_DOCUMENT') throw error
        if (!c.error) {
          this.fail(at(`rejected (${error.kind}: ${error.message}), expected tools`))
          continue
        }
        this.documentError(label, error, c.error)
        // decide() and decideAll() reject it the same way.
        for (const [what, fn] of [
          ['decideAll', () => this.hg.decideAll(input, { trusted: true })],
          ['decide', () => this.hg.decide(input, { trusted: true })],
        ]) {
          if (what === 'decide' && label === 'object') continue // an object is no text to reject
          try {
            fn()
            if (what === 'decideAll') this.fail(at(`${what} accepted a rejected document`))
          } catch (e) {
            if (what === 'decideAll') this.check(at(`${what} error`), [error.kind, error.offset], [e.kind, e.offset])
            else if (e.code !== 'HINTGATE_INVALID_DOCUMENT') this.fail(at(`${what} threw ${e.code}`))
          }
        }
        continue
      }
      if (c.error) {
        this.fail(at(`read fine, expected error ${JSON.stringify(c.error)}`))
        continue
      }
      if (!Array.isArray(c.tools)) return this.fail('`tools` must be an array')
      if (infos.length !== c.tools.length) this.fail(at(`${infos.length} tools, expected ${c.tools.length}`))
      c.tools.forEach((expected, i) => {
        if (i < infos.length) this.tool(label, input, i, infos[i], expected, infos.length)
      })
    }
  }

  documentError(label, error, expected) {
    if (!expected || typeof expected !== 'object') return this.fail('`error` must be an object')
    this.onlyFields(expected, ['kind', 'offset', 'message'], 'error')
    // Bytes and text offsets agree (offsets are UTF-8 bytes); an object's
    // offsets are in its serialised text, which is the `text` input.
    this.saw('document_error', error.kind)
    this.check(`[${label}] error.kind`, expected.kind, error.kind)
    this.check(`[${label}] error.offset`, expected.offset, error.offset)
    if ('message' in expected || error.serverMessage !== undefined) {
      this.check(`[${label}] error.message`, expected.message, error.serverMessage ?? null)
    }
    if (!(error instanceof Error) || typeof error.message !== 'string') this.fail('not an Error')
  }

  tool(label, input, index, info, expected, count) {
    if (!expected || typeof expected !== 'object') return this.fail(`tools[${index}] is not an object`)
    this.onlyFields(expected, ['name', 'display_name', 'bits', 'findings', 'error', 'decisions'], 'tool')
    const at = (f) => `[${label}] tools[${index}].${f}`
    this.check(at('name'), expected.name, info.name)
    this.check(at('display_name'), expected.display_name, info.displayName)
    this.check(at('bits'), expected.bits, info.hints)
    for (const f of info.findings) this.saw('finding', f)
    this.check(at('findings'), expected.findings, [...info.findings])
    if (info.error) this.saw('invalid_tool', info.error)
    this.check(at('error'), expected.error, info.error)
    if (!Array.isArray(expected.decisions)) return this.fail(`tools[${index}] has no decisions`)
    // The one tool by itself, when the input lets us isolate it.
    const single = this.singleTool(label, input, index, count)
    expected.decisions.forEach((d, j) => this.decision(at(`decisions[${j}]`), input, index, single, info, d))
  }

  // One tool of the document on its own, or undefined: the document itself
  // when it is one tool; an element of an array or `tools` given as objects.
  singleTool(label, input, index, count) {
    if (label === 'object') {
      const tool = (t) => (t !== null && typeof t === 'object' && !Array.isArray(t) ? t : undefined)
      if (Array.isArray(input)) return tool(input[index])
      if (Array.isArray(input.tools)) return tool(input.tools[index])
      if ('jsonrpc' in input) return input.result && Array.isArray(input.result.tools) ? tool(input.result.tools[index]) : undefined
      return count === 1 && !('tools' in input) ? input : undefined
    }
    // Text: the whole document, when it is exactly one tool.
    try {
      this.hg.lint(input)
      return input
    } catch (error) {
      if (error.code === 'HINTGATE_INVALID_DOCUMENT' && error.kind === 'not_a_tool') return undefined
      throw error
    }
  }

  decision(at, input, index, single, info, exp) {
    if (!exp || typeof exp !== 'object') return this.fail(`${at} is not an object`)
    this.onlyFields(
      exp,
      ['policy', 'trusted', 'offline', 'scopes', 'risk', 'action', 'reason', 'retry', 'audit', 'secret', 'progress', 'effective'],
      'decision',
    )
    if (typeof exp.trusted !== 'boolean') return this.fail(`${at}: \`trusted\` must be a boolean`)
    if (typeof exp.policy !== 'string' && (!exp.policy || typeof exp.policy !== 'object')) {
      return this.fail(`${at}: bad policy ${JSON.stringify(exp.policy)}`)
    }
    const options = { policy: exp.policy, trusted: exp.trusted, offline: exp.offline ?? false, scopes: exp.scopes ?? null }
    const all = this.hg.decideAll(input, options)
    const d = all[index]
    this.report.decisions += 1
    this.expectDecision(at, exp, d, info)
    if (single !== undefined) {
      const alone = this.hg.decide(single, options)
      this.check(`${at} decide() alone`, { ...d }, { ...alone })
      this.check(`${at} explain() alone`, d.explain(), alone.explain())
      const confirm = this.hg.needsConfirmation(single, options)
      this.report.checks += 1
      this.report.confirmations += 1
      if (confirm !== (d.action === 'confirm')) this.fail(`${at}: needsConfirmation disagrees with the action`)
    }
  }

  expectDecision(at, exp, d, info) {
    for (const kind of ['risk', 'action', 'reason', 'retry']) {
      this.saw(kind, d[kind])
      this.check(`${at}.${kind}`, exp[kind], d[kind])
    }
    for (const f of ['audit', 'secret', 'progress']) this.check(`${at}.${f}`, exp[f], d[f])
    this.check(`${at}.effective`, exp.effective, [...d.effective])
    // The decision carries the tool's name and findings too.
    this.check(`${at}.name`, info.name, d.name)
    this.check(`${at}.findings`, [...info.findings], [...d.findings])
    const sentence = d.explain()
    if (typeof sentence !== 'string' || !sentence.endsWith('.')) this.fail(`${at}: explain() gave ${sentence}`)
  }

  hints(c) {
    this.onlyFields(c, ['bits', 'valid', 'declared', 'effective'], 'case')
    if (typeof c.bits !== 'number') return this.fail('needs `bits`')
    let hints = null
    try {
      hints = this.hg.hintsFromBits(c.bits)
    } catch (error) {
      if (error.code !== 'HINTGATE_INVALID_HINTS') throw error
    }
    this.check('valid', c.valid, hints !== null)
    if (hints) {
      this.check('declared', c.declared, hints.declared)
      this.check('effective', c.effective, [...hints.effective])
      this.check('bits (rebuilt)', c.bits, this.hg.hintsToBits(hints.declared))
    }
  }

  tiers(c) {
    this.onlyFields(c, ['tier', 'known', 'risk', 'stamp_bits', 'annotations', 'meta'], 'case')
    if (typeof c.tier !== 'string') return this.fail('needs `tier`')
    let info = null
    try {
      info = this.hg.tierInfo(c.tier)
    } catch (error) {
      if (error.code !== 'HINTGATE_UNKNOWN_TIER') throw error
      let stampFails = false
      try {
        this.hg.stamp(c.tier)
      } catch (e) {
        stampFails = e.code === 'HINTGATE_UNKNOWN_TIER'
      }
      if (!stampFails) this.fail('stamp() accepts an unknown tier')
    }
    this.check('known', c.known, info !== null)
    if (!info) return
    this.check('risk', c.risk, info.risk)
    this.check('stamp_bits', c.stamp_bits, info.stampBits)
    const stamp = this.hg.stamp(c.tier)
    this.check('annotations', c.annotations, stamp.annotations)
    this.check('meta', c.meta, stamp._meta)
    this.check('stamp keys', ['annotations', '_meta'], Object.keys(stamp))
  }

  policies(c) {
    this.onlyFields(c, ['policy', 'policy_text', 'bits', 'confirm_costly', 'actions', 'error'], 'case')
    const { Policy } = this.hg
    let read
    if ('policy' in c === 'policy_text' in c) return this.fail('needs exactly one of `policy`, `policy_text`')
    if (typeof c.policy === 'string') read = () => Policy.preset(c.policy)
    else if (c.policy && typeof c.policy === 'object') read = () => Policy.from(c.policy)
    else if (typeof c.policy_text === 'string') read = () => Policy.fromJSON(c.policy_text)
    else return this.fail('bad `policy` / `policy_text`')
    let policy = null
    let kind = null
    try {
      policy = read()
    } catch (error) {
      if (error.code !== 'HINTGATE_INVALID_POLICY') throw error
      kind = error.kind
    }
    if (policy && !('error' in c)) {
      this.check('bits', c.bits, policy.bits)
      this.check('confirm_costly', c.confirm_costly, policy.confirmCostly)
      this.check('actions', c.actions, { ...policy.actions })
      const again = Policy.fromJSON(policy.toString())
      if (again.bits !== policy.bits) this.fail(`toString() does not read back: ${policy.toString()}`)
      this.check('toJSON() reads back', policy.bits, Policy.from(policy.toJSON()).bits)
    } else if (kind && 'error' in c) {
      this.saw('policy_error', kind)
      this.check('error', c.error, kind)
    } else if (policy) {
      this.fail(`accepted as ${policy}, expected error ${c.error}`)
    } else {
      this.fail(`rejected (${kind}), expected a policy`)
    }
  }

  parallel(c) {
    this.onlyFields(c, ['input', 'trusted', 'parallel'], 'case')
    if (typeof c.trusted !== 'boolean') return this.fail('`trusted` must be a boolean')
    for (const [label, input] of this.inputs(c)) {
      const decisions = this.hg.decideAll(input, { trusted: c.trusted })
      this.check(`[${label}] parallel`, c.parallel, this.hg.mayRunInParallel(decisions))
      // Decisions rebuilt from JSON answer the same.
      const plain = JSON.parse(JSON.stringify(decisions))
      this.check(`[${label}] parallel (from JSON)`, c.parallel, this.hg.mayRunInParallel(plain))
    }
  }
}
