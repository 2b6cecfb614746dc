// hintgate for browsers: the wasm-bindgen module (../dist/web), fetched and
// instantiated once when this module is first imported (top-level await),
// behind the Node package's JavaScript API (./api.browser.mjs, built from
// bindings-node/lib). The same exports as the Node entries.
import init, * as native from '../dist/web/hintgate_wasm.js'
import { createApi } from './api.browser.mjs'

await init({ module_or_path: new URL('../dist/web/hintgate_wasm_bg.wasm', import.meta.url) })
const hintgate = createApi(native)

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
