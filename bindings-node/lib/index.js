'use strict'
// hintgate for Node.js: the native addon (built by napi-rs into ../index.js)
// behind the JavaScript API of ./api.js.

module.exports = require('./api.js').createApi(require('../index.js'))
