'use strict'
// Every error this package throws is an `Error` with a `code`:
//   HINTGATE_INVALID_DOCUMENT  the JSON cannot be read: `kind` (the core's word),
//                              `offset` (UTF-8 bytes), and for a JSON-RPC error
//                              response `serverMessage` / `serverCode`
//   HINTGATE_INVALID_POLICY    `kind` (the core's word) and `field` (the key at fault)
//   HINTGATE_UNKNOWN_TIER      not one of the five tiers
//   HINTGATE_INVALID_HINTS     not a packed hints value
//   HINTGATE_INVALID_ARGUMENT  a TypeError: a value of the wrong type, an
//                              unknown option, a value JSON cannot represent
//   HINTGATE_INTERNAL          a bug in hintgate (a Rust panic, caught)

function withFields(error, fields) {
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) error[key] = value
  }
  return error
}

function documentError(kind, offset, message, serverMessage, serverCode) {
  return withFields(new Error(`hintgate: ${message}`), {
    code: 'HINTGATE_INVALID_DOCUMENT',
    kind,
    offset,
    serverMessage: serverMessage ?? undefined,
    serverCode: serverCode ?? undefined,
  })
}

function policyError(kind, field, message) {
  return withFields(new Error(`hintgate: ${message}`), { code: 'HINTGATE_INVALID_POLICY', kind, field })
}

function argumentError(message, cause) {
  const error = new TypeError(`hintgate: ${message}`, cause === undefined ? undefined : { cause })
  error.code = 'HINTGATE_INVALID_ARGUMENT'
  return error
}

function internalError(error) {
  if (error && typeof error.code === 'string' && error.code.startsWith('HINTGATE_')) return error
  const wrapped = new Error(`hintgate: internal error: ${error && error.message}`, { cause: error })
  wrapped.code = 'HINTGATE_INTERNAL'
  return wrapped
}

module.exports = { argumentError, documentError, internalError, policyError }
