// Compiled (not run) by types.test.mjs against the package's declarations,
// with `strict`: every line must type-check, and every @ts-expect-error must
// be an error — which proves the types are string-literal unions, not `string`.
import hintgateDefault, {
  decide,
  decideAll,
  needsConfirmation,
  lint,
  mayRunInParallel,
  stamp,
  Policy,
  presets,
  type Decision,
  type Risk,
  type Action,
  type Reason,
  type Finding,
  type HintgateError,
} from 'hintgate-under-test'

const d: Decision = decide({ name: 'x', annotations: { readOnlyHint: true } }, { trusted: true, policy: 'plan' })
const risk: Risk = d.risk
const action: Action = d.action
const reason: Reason = d.reason
const findings: readonly Finding[] = d.findings
const sentence: string = d.explain()
const all: Decision[] = decideAll('{"tools":[]}', { scopes: ['repo'], offline: false })
const ok: boolean = needsConfirmation('{"name":"x"}') && mayRunInParallel(all)
const lints: readonly Finding[] = lint({ name: 'x' })
const tool = { name: 'x', ...stamp('external_spend') }
const tier: 'read' | 'compute' | 'external_spend' | 'share_export' | 'destructive' = tool._meta['x-side-effect']
const p: Policy = Policy.from({ ...presets.default.toJSON(), compute: 'confirm' }).withAction('read', 'confirm')
const bits: number = p.bits
const same: typeof decide = hintgateDefault.decide

switch (d.action) {
  case 'allow':
  case 'confirm':
  case 'deny':
    break
  default: {
    const never: never = d.action
    void never
  }
}

try {
  decide('{')
} catch (e) {
  const err = e as HintgateError
  const code: 'HINTGATE_INVALID_DOCUMENT' | string = err.code
  void code
}

// @ts-expect-error: not a risk class
const wrongRisk: Risk = 'dangerous'
// @ts-expect-error: decisions are read-only
d.action = 'allow'
// @ts-expect-error: not a preset
decide({ name: 'x' }, { policy: { read: 'allow' } })
// @ts-expect-error: not a tier
stamp('spend')
// @ts-expect-error: `trusted` is a boolean
decide({ name: 'x' }, { trusted: 'yes' })
// @ts-expect-error: not an action
p.withAction('read', 'maybe')
// @ts-expect-error: the constructor is private
new Policy()

void [risk, action, reason, findings, sentence, ok, lints, tier, bits, same, wrongRisk]
