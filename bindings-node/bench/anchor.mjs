// The benchmark's anchor: SPEC written directly in JavaScript over parsed
// objects — what a careful JavaScript client writes today without hintgate.
// It is importable so the WASM package's benchmark measures against the same
// code. It trusts JSON.parse, so it cannot see what parsing erases (duplicate
// keys, the offsets of errors); everything else follows SPEC §1–§7.

const PRESETS = {
  default: { read: 'allow', compute: 'allow', external: 'confirm', share: 'confirm', spend: 'confirm', destructive: 'confirm', confirm_costly: true },
  cautious: { read: 'allow', compute: 'confirm', external: 'confirm', share: 'confirm', spend: 'confirm', destructive: 'confirm', confirm_costly: true },
  strict: { read: 'confirm', compute: 'confirm', external: 'confirm', share: 'confirm', spend: 'confirm', destructive: 'confirm', confirm_costly: true },
  plan: { read: 'allow', compute: 'deny', external: 'deny', share: 'deny', spend: 'deny', destructive: 'deny', confirm_costly: true },
  permissive: { read: 'allow', compute: 'allow', external: 'allow', share: 'allow', spend: 'allow', destructive: 'allow', confirm_costly: false },
}

const RISK_ORDER = { read: 0, compute: 1, external: 2, share: 3, spend: 4, destructive: 5 }

// Tier → [stamp (readOnly, destructive, idempotent, openWorld), risk].
const TIERS = {
  read: [[true, false, false, true], 'read'],
  compute: [[false, false, false, false], 'compute'],
  external_spend: [[false, false, true, true], 'spend'],
  share_export: [[false, false, false, true], 'share'],
  destructive: [[false, true, false, false], 'destructive'],
}

const HINT_KEYS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint', 'costWarning', 'progressIndicators']
const READ_WORDS = new Set(['get', 'list', 'search', 'read', 'preview', 'compare'])
const DESTRUCTIVE_WORDS = new Set(['delete', 'remove', 'drop', 'destroy', 'purge', 'cancel', 'refund', 'revoke'])
const DEFAULTS = { ro: false, de: true, id: false, ow: true, cw: false, pi: false }
const EMPTY = Object.freeze([])

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v)
const has = (o, k) => Object.prototype.hasOwnProperty.call(o, k)

function keyCount(o) {
  let n = 0
  for (const k in o) if (has(o, k)) n++
  return n
}

// SPEC §1, §2, §6: what the policy looks at, or null for an invalid tool.
function facts(tool) {
  if (!isObject(tool) || keyCount(tool) > 64) return null
  const name = tool.name
  if (typeof name !== 'string') return null
  const annotations = tool.annotations
  const annotated = annotations !== undefined
  if (annotated && (!isObject(annotations) || keyCount(annotations) > 64)) return null
  const meta = has(tool, '_meta') ? tool._meta : tool.meta
  if (meta !== undefined && (!isObject(meta) || keyCount(meta) > 64)) return null
  const declared = [undefined, undefined, undefined, undefined, undefined, undefined]
  let invalidHint = false
  if (annotated) {
    for (let i = 0; i < 6; i++) {
      const v = annotations[HINT_KEYS[i]]
      if (typeof v === 'boolean') declared[i] = v
      else if (v !== undefined) invalidHint = true
    }
  }
  let tier = null // null: absent; a TIERS entry; 'unknown'
  let scope = null // null: none; a string; false: malformed
  if (meta !== undefined) {
    const t = meta['x-side-effect']
    if (t !== undefined && t !== null) tier = (typeof t === 'string' && has(TIERS, t) && TIERS[t]) || 'unknown'
    const s = meta['x-required-scope']
    if (s !== undefined && s !== null) scope = typeof s === 'string' ? s : false
  }
  return { name, annotated, declared, invalidHint, tier, scope }
}

function effectiveOf(d) {
  const conflict = d[0] === true && d[1] === true
  const ro = !conflict && d[0] === true
  return {
    ro,
    de: ro ? false : conflict ? true : (d[1] ?? true),
    id: ro || (d[2] ?? false),
    ow: d[3] ?? true,
    cw: d[4] ?? false,
    pi: d[5] ?? false,
  }
}

const riskOf = (e) => (e.ro ? 'read' : e.de ? 'destructive' : e.ow ? 'external' : 'compute')

function agrees(declared, stamp) {
  for (let i = 0; i < 4; i++) if (declared[i] !== undefined && declared[i] !== stamp[i]) return false
  return true
}

// SPEC §3 for a valid tool of a trusted server.
function assess(f) {
  if (f.tier === 'unknown') return { risk: 'destructive', reason: 'unknown_tier', effective: DEFAULTS }
  const conflict = f.declared[0] === true && f.declared[1] === true
  if (f.tier !== null) {
    const [stamp, tierRisk] = f.tier
    if (agrees(f.declared, stamp)) {
      const filled = f.declared.slice()
      for (let i = 0; i < 4; i++) if (filled[i] === undefined) filled[i] = stamp[i]
      return { risk: tierRisk, reason: 'policy', effective: effectiveOf(filled) }
    }
    const effective = effectiveOf(f.declared)
    const hintRisk = riskOf(effective)
    const risk = RISK_ORDER[tierRisk] >= RISK_ORDER[hintRisk] ? tierRisk : hintRisk
    return { risk, reason: conflict ? 'conflicting_hints' : 'tier_mismatch', effective }
  }
  const effective = effectiveOf(f.declared)
  return { risk: riskOf(effective), reason: conflict ? 'conflicting_hints' : 'policy', effective }
}

function firstWord(name) {
  let word = ''
  let previousLower = false
  for (const c of name) {
    if (c === '_' || c === '-' || c === '.') break
    const code = c.codePointAt(0)
    const upper = code < 128 ? code >= 65 && code <= 90 : /\p{Uppercase}/u.test(c)
    if (previousLower && upper) break
    if (code >= 128 || word.length === 8) return null
    previousLower = code >= 97 && code <= 122
    word += c
  }
  return word.toLowerCase()
}

// SPEC §7.
function lintFacts(f) {
  if (f === null) return EMPTY
  const out = []
  const e = assess(f).effective
  if (f.declared[0] === true && f.declared[1] === true) out.push('conflicting_hints')
  if (f.tier !== null && f.tier !== 'unknown' && !agrees(f.declared, f.tier[0])) out.push('tier_mismatch')
  if (f.tier === 'unknown') out.push('unknown_tier')
  if (f.invalidHint) out.push('invalid_hint')
  if (!f.annotated) out.push('unannotated')
  const word = firstWord(f.name)
  if (word !== null && READ_WORDS.has(word) && !e.ro) out.push('name_suggests_read')
  if (word !== null && DESTRUCTIVE_WORDS.has(word) && !e.de) out.push('name_suggests_destructive')
  return out
}

function effectiveNames(e) {
  const out = []
  if (e.ro) out.push('readOnlyHint')
  if (e.de) out.push('destructiveHint')
  if (e.id) out.push('idempotentHint')
  if (e.ow) out.push('openWorldHint')
  if (e.cw) out.push('costWarning')
  if (e.pi) out.push('progressIndicators')
  return out
}

function policyOf(options) {
  const p = options?.policy ?? 'default'
  return typeof p === 'string' ? PRESETS[p] : p
}

/** SPEC §5 for one parsed tool; `options` as hintgate's. */
export function decideTool(tool, options) {
  const policy = policyOf(options)
  const trusted = options?.trusted === true
  const f = facts(tool)
  let a
  if (f === null) a = { risk: 'destructive', reason: 'invalid_definition', effective: DEFAULTS }
  else if (!trusted) a = { risk: 'destructive', reason: 'untrusted', effective: DEFAULTS }
  else a = assess(f)
  const { risk, effective } = a
  let action = policy[risk]
  let reason = a.reason
  if (f === null && action === 'allow') action = 'confirm'
  const scopes = options?.scopes
  if (options?.offline === true && effective.ow) {
    action = 'deny'
    reason = 'offline'
  } else if (scopes != null && f !== null && trusted && f.scope !== null && (f.scope === false || !scopes.includes(f.scope))) {
    action = 'deny'
    reason = 'missing_scope'
  } else if (action === 'allow' && policy.confirm_costly && effective.cw) {
    action = 'confirm'
    reason = 'cost_warning'
  }
  return {
    name: f === null ? (isObject(tool) && typeof tool.name === 'string' ? tool.name : null) : f.name,
    action,
    risk,
    reason,
    retry: risk === 'spend' ? 'same_key' : effective.id ? 'safe' : 'never',
    audit: effective.ow,
    secret: risk === 'share',
    progress: effective.pi,
    findings: lintFacts(f),
    effective: effectiveNames(effective),
  }
}

/** The tools of a parsed document (SPEC §6 shapes). */
export function toolsOf(document) {
  if (Array.isArray(document)) return document
  if (!isObject(document)) throw new Error('not a document')
  if (has(document, 'tools')) {
    if (!Array.isArray(document.tools)) throw new Error('tools is not an array')
    return document.tools
  }
  if (has(document, 'jsonrpc')) {
    if (has(document, 'error')) throw new Error(`server error: ${document.error?.message}`)
    if (!isObject(document.result) || !Array.isArray(document.result.tools)) throw new Error('missing result')
    return document.result.tools
  }
  return [document]
}

/** JSON.parse and SPEC for every tool: the anchor of decideAll(text). */
export function decideAllText(text, options) {
  return toolsOf(JSON.parse(text)).map((tool) => decideTool(tool, options))
}
