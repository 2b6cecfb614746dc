// The ES module entry: the same objects as the CommonJS entry (one addon, one
// set of tables), re-exported by name.
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const hintgate = require('./index.js')

export const {
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
} = hintgate
export default hintgate
