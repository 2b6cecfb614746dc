// node:path for tests/js/vectors.mjs in a browser: join, on URL paths.
export function join(...parts) {
  return parts.filter((p) => p !== '').join('/').replace(/\/{2,}/g, '/')
}
export default { join }
