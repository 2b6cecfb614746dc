'use strict'
// hintgate for Node.js over WebAssembly: the wasm-bindgen module (built into
// ../dist/node, loaded synchronously) behind the Node package's JavaScript
// API (./api.js, copied from bindings-node/lib at build), so the two
// packages' APIs are one.

module.exports = require('./api.js').createApi(require('../dist/node/hintgate_wasm.js'))
