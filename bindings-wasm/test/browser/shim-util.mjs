// node:util's isDeepStrictEqual for tests/js/vectors.mjs in a browser, for
// what it compares (JSON values, arrays, plain objects): Object.is on
// primitives; the same prototype, own enumerable keys and values recursively.
export function isDeepStrictEqual(a, b) {
  if (Object.is(a, b)) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const keysA = Object.keys(a)
  const keysB = Object.keys(b)
  if (keysA.length !== keysB.length) return false
  for (const k of keysA) {
    if (!Object.prototype.hasOwnProperty.call(b, k) || !isDeepStrictEqual(a[k], b[k])) return false
  }
  return true
}
export default { isDeepStrictEqual }
