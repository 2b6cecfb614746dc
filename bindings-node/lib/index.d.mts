// Types of the ES module entry: the same names as the CommonJS entry, plus a default export.
export * from './index.js'
declare const hintgate: typeof import('./index.js')
export default hintgate
