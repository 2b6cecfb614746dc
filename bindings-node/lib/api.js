'use strict'
// The public JavaScript API over a native layer (this package's Node addon;
// the same shape of layer can come from WASM). It translates and never
// decides: JavaScript values become JSON text for the core, and the core's
// packed numbers become plain objects through tables built from the core's
// own vocabulary (`native.vocabulary()`), read once at load.

const { projectDocument, projectTool, isObject } = require('./project.js')
const { argumentError, documentError, internalError, policyError } = require('./errors.js')

function createApi(native) {
  const words = native.vocabulary()
  const layout = native.layout()
  const frozen = (list) => Object.freeze(list.slice())

  const ACTIONS = frozen(words.actions)
  const RISKS = frozen(words.risks)
  const REASONS = frozen(words.reasons)
  const RETRIES = frozen(words.retries)
  const HINTS = frozen(words.hints)
  const FINDINGS = frozen(words.findings)
  const INVALID_KINDS = frozen(words.invalidKinds)
  const DOCUMENT_ERROR_KINDS = frozen(words.documentErrors)
  const POLICY_ERROR_KINDS = frozen(words.policyErrors)
  const TIERS = frozen(words.tiers)
  const PRESETS = frozen(words.presets)

  const numberOf = (list) => new Map(list.map((word, i) => [word, i]))
  const ACTION_NUMBER = numberOf(ACTIONS)
  const RISK_NUMBER = numberOf(RISKS)
  const REASON_NUMBER = numberOf(REASONS)
  const HINT_NUMBER = numberOf(HINTS)

  // Bit i of the core's HintSet / Findings is the word numbered i: one frozen
  // array per possible set, shared by every decision.
  const setsOf = (list) => {
    const table = []
    for (let bits = 0; bits < 1 << list.length; bits++) {
      table.push(Object.freeze(list.filter((_, i) => bits & (1 << i))))
    }
    return table
  }
  const EFFECTIVE_SETS = setsOf(HINTS)
  const FINDING_SETS = setsOf(FINDINGS)

  const field = (word, shift, width) => (word >>> shift) & ((1 << width) - 1)
  const flag = (word, shift) => ((word >>> shift) & 1) === 1

  // Calls into the native layer: a Rust panic arrives as an Error (the addon
  // catches every unwind); give it this package's code.
  function call(fn, a, b, c, d, e, f, g) {
    try {
      return fn(a, b, c, d, e, f, g)
    } catch (error) {
      throw internalError(error)
    }
  }

  const explanations = new Map()
  function explanationOf(word) {
    const action = field(word, layout.action, 2)
    const risk = field(word, layout.risk, 3)
    const reason = field(word, layout.reason, 4)
    const key = (action * 8 + risk) * 16 + reason
    let text = explanations.get(key)
    if (text === undefined) {
      text = call(native.explain, action, risk, reason)
      explanations.set(key, text)
    }
    return text
  }

  // A decision: plain enumerable fields (what JSON.stringify and spreading
  // give) and `explain()` on the prototype.
  class Decision {
    #word
    constructor(word, name) {
      this.#word = word
      this.name = name
      this.action = ACTIONS[field(word, layout.action, 2)]
      this.risk = RISKS[field(word, layout.risk, 3)]
      this.reason = REASONS[field(word, layout.reason, 4)]
      this.retry = RETRIES[field(word, layout.retry, 2)]
      this.audit = flag(word, layout.audit)
      this.secret = flag(word, layout.secret)
      this.progress = flag(word, layout.progress)
      this.findings = FINDING_SETS[field(word, layout.findings, 7)]
      this.effective = EFFECTIVE_SETS[field(word, layout.effective, 6)]
    }

    /** One sentence: what the client does and why. */
    explain() {
      return explanationOf(this.#word)
    }

    static wordOf(decision) {
      return #word in decision ? decision.#word : undefined
    }
  }
  const decisionWord = Decision.wordOf
  delete Decision.wordOf

  // The word of a decision the caller may have rebuilt (from JSON, say).
  function wordOfDecision(d) {
    if (d instanceof Decision) return decisionWord(d)
    if (!isObject(d)) throw argumentError('a decision must be an object')
    const action = ACTION_NUMBER.get(d.action)
    const risk = RISK_NUMBER.get(d.risk)
    const reason = REASON_NUMBER.get(d.reason)
    if (action === undefined || risk === undefined || reason === undefined) {
      throw argumentError('a decision needs an action, risk and reason from the vocabulary')
    }
    let effective = 0
    for (const hint of d.effective ?? []) {
      const n = HINT_NUMBER.get(hint)
      if (n === undefined) throw argumentError(`unknown hint ${JSON.stringify(hint)}`)
      effective |= 1 << n
    }
    return (
      ((action << layout.action) |
        (risk << layout.risk) |
        (reason << layout.reason) |
        (effective << layout.effective)) >>>
      0
    )
  }

  // ---- policies ----

  const policyCache = new Map()
  class Policy {
    #bits
    constructor(bits, secret) {
      if (secret !== POLICY_TOKEN) {
        throw argumentError('use Policy.from, Policy.preset, Policy.fromJSON or Policy.fromBits')
      }
      this.#bits = bits
      const actions = {}
      for (const risk of RISKS) {
        actions[risk] = ACTIONS[call(native.policyAction, bits, RISK_NUMBER.get(risk))]
      }
      Object.defineProperties(this, {
        actions: { value: Object.freeze(actions), enumerable: true },
        confirmCostly: { value: call(native.policyConfirmCostly, bits), enumerable: true },
        preset: { value: PRESETS[PRESET_BITS.indexOf(bits)] ?? null, enumerable: true },
      })
      Object.freeze(this)
    }

    /** The packed policy (SPEC §4), the same number in every language. */
    get bits() {
      return this.#bits
    }

    /** The action for a risk class. */
    action(risk) {
      const action = this.actions[risk]
      if (action === undefined || !RISK_NUMBER.has(risk)) {
        throw argumentError(`unknown risk ${JSON.stringify(risk)}`)
      }
      return action
    }

    /** This policy with `action` for `risk`. */
    withAction(risk, action) {
      if (!RISK_NUMBER.has(risk)) throw argumentError(`unknown risk ${JSON.stringify(risk)}`)
      if (!ACTION_NUMBER.has(action)) throw argumentError(`unknown action ${JSON.stringify(action)}`)
      const actions = RISKS.map((r) => ACTION_NUMBER.get(r === risk ? action : this.actions[r]))
      return Policy.fromBits(call(native.policyNew, actions, this.confirmCostly))
    }

    /** This policy with `confirm_costly` set. */
    withConfirmCostly(yes) {
      if (typeof yes !== 'boolean') throw argumentError('confirm_costly must be a boolean')
      const actions = RISKS.map((r) => ACTION_NUMBER.get(this.actions[r]))
      return Policy.fromBits(call(native.policyNew, actions, yes))
    }

    /** SPEC's policy object: `{"read": "allow", …, "confirm_costly": true}`. */
    toJSON() {
      return JSON.parse(call(native.policyToJson, this.#bits))
    }

    toString() {
      return call(native.policyToJson, this.#bits)
    }

    static fromBits(bits) {
      if (typeof bits !== 'number' || !call(native.policyIsValid, bits)) {
        throw argumentError(`${String(bits)} is not a packed policy`)
      }
      let policy = policyCache.get(bits)
      if (policy === undefined) {
        policy = new Policy(bits, POLICY_TOKEN)
        policyCache.set(bits, policy)
      }
      return policy
    }

    /** One of the five presets by name. */
    static preset(name) {
      const i = PRESETS.indexOf(name)
      if (i < 0) {
        throw policyError(
          'unknown_preset',
          null,
          `invalid policy: ${JSON.stringify(name)} is not a preset (${PRESETS.join(', ')})`,
        )
      }
      return Policy.fromBits(PRESET_BITS[i])
    }

    /** A policy object's JSON text (all seven keys, each once). */
    static fromJSON(text) {
      if (typeof text !== 'string') throw argumentError('policy JSON must be a string')
      const result = call(native.policyFromJson, text)
      if (result >= 0 && result < 2 ** 31) return Policy.fromBits(result)
      const kind = POLICY_ERROR_KINDS[result & 0xff]
      const fieldNumber = (result >>> 8) & 0xff
      const fieldName =
        fieldNumber === 0 ? null : fieldNumber <= RISKS.length ? RISKS[fieldNumber - 1] : 'confirm_costly'
      const at = fieldName === null ? '' : ` (\`${fieldName}\`)`
      throw policyError(kind, fieldName, `invalid policy: ${kind.replaceAll('_', ' ')}${at}`)
    }

    /**
     * A preset name, a policy object, its JSON text or a Policy. A string
     * whose first non-blank character is `{` is JSON text; any other string
     * names a preset.
     */
    static from(spec) {
      if (spec instanceof Policy) return spec
      if (typeof spec === 'string') {
        return /^\s*\{/.test(spec) ? Policy.fromJSON(spec) : Policy.preset(spec)
      }
      if (isObject(spec)) {
        let text
        try {
          text = JSON.stringify(spec)
        } catch (error) {
          throw argumentError(`the policy cannot be serialised as JSON: ${error.message}`, error)
        }
        return Policy.fromJSON(text)
      }
      throw argumentError('a policy is a preset name, a policy object, its JSON text or a Policy')
    }
  }
  const POLICY_TOKEN = Symbol('hintgate.Policy')
  const PRESET_BITS = words.presetBits.slice()
  const presets = Object.freeze(Object.fromEntries(PRESETS.map((name) => [name, Policy.preset(name)])))
  const DEFAULT_POLICY = Policy.preset('default')

  // ---- options ----

  const CONTEXT_TRUSTED = 1
  const CONTEXT_OFFLINE = 2
  const CONTEXT_SCOPES = 4
  // Granted scopes cross to the native layer as one string, joined by NUL,
  // and each one's length (in UTF-16 units): one string instead of an array
  // of them (js-wire's split_scopes cuts them apart again).
  const NO_SCOPES = new Uint32Array(0)
  const DEFAULT_OPTIONS = Object.freeze({ policy: DEFAULT_POLICY.bits, context: 0, scopeText: '', scopeLengths: NO_SCOPES })

  function resolveOptions(options) {
    if (options === undefined || options === null) return DEFAULT_OPTIONS
    if (typeof options !== 'object') throw argumentError('options must be an object')
    let policy = DEFAULT_POLICY.bits
    let context = 0
    let scopeText = ''
    let scopeLengths = NO_SCOPES
    for (const key in options) {
      const value = options[key]
      switch (key) {
        case 'policy':
          if (value !== undefined) policy = Policy.from(value).bits
          break
        case 'trusted':
          if (value === true) context |= CONTEXT_TRUSTED
          else if (value !== false && value !== undefined) throw argumentError('`trusted` must be a boolean')
          break
        case 'offline':
          if (value === true) context |= CONTEXT_OFFLINE
          else if (value !== false && value !== undefined) throw argumentError('`offline` must be a boolean')
          break
        case 'scopes':
          if (value === undefined || value === null) break
          {
            const scopes = typeof value === 'string' ? null : Array.from(value)
            if (scopes === null || scopes.some((s) => typeof s !== 'string')) {
              throw argumentError('`scopes` must be an array (or iterable) of strings, or null')
            }
            scopeText = scopes.join('\0')
            scopeLengths = Uint32Array.from(scopes, (s) => s.length)
          }
          context |= CONTEXT_SCOPES
          break
        default:
          // A misspelt `offline` must not silently run open-world tools.
          throw argumentError(`unknown option ${JSON.stringify(key)} (policy, trusted, offline, scopes)`)
      }
    }
    return { policy, context, scopeText, scopeLengths }
  }

  // ---- reading and deciding ----

  const isBytes = (value) => value instanceof Uint8Array

  // The native answer for text (a whole document, or one tool with `single`).
  function readText(input, single, o, withInfo) {
    const result =
      typeof input === 'string'
        ? call(native.decideText, input, single, o.policy, o.context, o.scopeText, o.scopeLengths, withInfo)
        : call(native.decideBuffer, input, single, o.policy, o.context, o.scopeText, o.scopeLengths, withInfo)
    if (result.error) {
      const e = result.error
      throw documentError(DOCUMENT_ERROR_KINDS[e.kind], e.offset, e.message, e.serverMessage, e.serverCode)
    }
    return result
  }

  // Slices the joined strings of a native result.
  function each(result, visit) {
    const { words: packed, names, nameEnds } = result
    let start = 0
    for (let i = 0; i < nameEnds.length; i++) {
      const info = packed[2 * i + 1]
      const end = nameEnds[i]
      const name = flag(info, layout.hasName) ? names.slice(start, end) : null
      start = end
      visit(packed[2 * i], info, name, i)
    }
  }

  function decisionsOf(result) {
    const out = []
    each(result, (word, _info, name) => out.push(new Decision(word, name)))
    return out
  }

  // One tool: its decision word and name.
  function decideOne(tool, o) {
    if (typeof tool === 'string' || isBytes(tool)) {
      let found
      each(readText(tool, true, o, false), (word, _info, name) => (found = new Decision(word, name)))
      return found
    }
    if (!isObject(tool)) {
      throw argumentError('a tool is an object (as listTools() returns it) or its JSON text')
    }
    const json = projectTool(tool)
    // The fast path answers in one number and takes the name from the object;
    // anything unusual (no string name, a rejected text) goes the long way.
    if (typeof tool.name === 'string') {
      const packed = call(native.decideObject, json, o.policy, o.context, o.scopeText, o.scopeLengths)
      if (packed >= 0) {
        const word = packed >>> 0
        const info = (packed - word) / 4294967296
        return new Decision(word, flag(info, layout.hasName) ? tool.name : null)
      }
    }
    return decideOne(json, o)
  }

  /** Decides calls to one tool. */
  function decide(tool, options) {
    return decideOne(tool, resolveOptions(options))
  }

  /** Whether a person must confirm calls to the tool (the core's answer). */
  function needsConfirmation(tool, options) {
    const decision = decideOne(tool, resolveOptions(options))
    return flag(decisionWord(decision), layout.needsConfirmation)
  }

  /** The lint findings of one tool (SPEC §7); they do not depend on context. */
  function lint(tool) {
    return decideOne(tool, DEFAULT_OPTIONS).findings
  }

  function documentText(input) {
    if (typeof input === 'string' || isBytes(input)) return input
    if (isObject(input) || Array.isArray(input)) return projectDocument(input)
    throw argumentError(
      'a tools list is JSON text (string, Uint8Array or Buffer), a listTools() result or an array of tools',
    )
  }

  /** Decides every tool of a document, in document order. */
  function decideAll(toolsList, options) {
    const o = resolveOptions(options)
    return decisionsOf(readText(documentText(toolsList), false, o, false))
  }

  /** What the core read of each tool of a document. */
  function readTools(toolsList) {
    const result = readText(documentText(toolsList), false, DEFAULT_OPTIONS, true)
    const out = []
    let start = 0
    each(result, (word, info, name, i) => {
      const end = result.displayEnds[i]
      const invalid = field(info, layout.invalid, 3)
      out.push({
        name,
        displayName: end === start && name === null ? null : result.displayNames.slice(start, end),
        hints: field(info, layout.hints, 16),
        error: invalid === 0 ? null : INVALID_KINDS[invalid - 1],
        findings: FINDING_SETS[field(word, layout.findings, 7)],
      })
      start = end
    })
    return out
  }

  /** Whether a batch of calls may run in parallel (SPEC §5, seed 004). */
  function mayRunInParallel(decisions) {
    if (decisions === null || typeof decisions !== 'object' || !(Symbol.iterator in decisions)) {
      throw argumentError('mayRunInParallel takes an array (or iterable) of decisions')
    }
    return call(native.mayRunInParallel, Uint32Array.from(decisions, wordOfDecision))
  }

  // ---- tiers and hints ----

  function tierInfo(tier) {
    const info = typeof tier === 'string' ? call(native.tierInfo, tier) : null
    if (info === null) {
      const error = new Error(`unknown tier ${JSON.stringify(tier)} (${TIERS.join(', ')})`)
      error.code = 'HINTGATE_UNKNOWN_TIER'
      throw error
    }
    return {
      tier: TIERS[info.tier],
      risk: RISKS[info.risk],
      stampBits: info.stampBits,
      stamp: JSON.parse(info.stampJson),
    }
  }

  /** What a server stamps on a tool of this tier: spread it into the tool. */
  function stamp(tier) {
    return tierInfo(tier).stamp
  }

  /** The packed hints as declared values and effective hints (no tier fill). */
  function hintsFromBits(bits) {
    const n = typeof bits === 'number' ? call(native.hintsFromBits, bits) : -1
    if (n < 0) {
      const error = new Error(`${String(bits)} is not a packed hints value`)
      error.code = 'HINTGATE_INVALID_HINTS'
      throw error
    }
    const declared = {}
    HINTS.forEach((hint, i) => {
      if (n & (1 << i)) declared[hint] = (n & (1 << (8 + i))) !== 0
    })
    return { bits, declared, effective: EFFECTIVE_SETS[(n >>> 16) & 0x3f] }
  }

  /** The packed form of declared hints (`{readOnlyHint: true, …}`). */
  function hintsToBits(declared) {
    if (!isObject(declared)) throw argumentError('declared hints are an object of booleans')
    let bits = 0
    for (const [hint, value] of Object.entries(declared)) {
      const n = HINT_NUMBER.get(hint)
      if (n === undefined) throw argumentError(`unknown hint ${JSON.stringify(hint)}`)
      if (typeof value !== 'boolean') throw argumentError(`${hint} must be a boolean`)
      bits = call(native.hintsWith, bits, n, value)
    }
    return bits
  }

  return {
    decide,
    needsConfirmation,
    decideAll,
    readTools,
    lint,
    mayRunInParallel,
    stamp,
    tierInfo,
    hintsFromBits,
    hintsToBits,
    Policy,
    presets,
    Decision,
    ACTIONS,
    RISKS,
    REASONS,
    RETRIES,
    HINTS,
    FINDINGS,
    INVALID_KINDS,
    DOCUMENT_ERROR_KINDS,
    POLICY_ERROR_KINDS,
    TIERS,
    PRESETS,
  }
}

module.exports = { createApi }
