// tests/js/backend.mjs for the browser: vectors.mjs needs only `root`, the
// repository root, which is the server's root.
export const root = ''
