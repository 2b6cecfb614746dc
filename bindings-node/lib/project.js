'use strict'
// JavaScript objects → JSON text for the core, without reading any rule.
//
// The core reads only a few keys of an object (a tool's `name`, `title`,
// `annotations`, `_meta`, `meta`; a document's `tools`, `jsonrpc`, `result`,
// `error`), but it also counts keys (more than 64 make a tool invalid). So
// every own key JSON.stringify would write is written, in the same order: the
// keys the core reads with their values, every other key with `null` — which
// keeps the count and skips serialising a large `inputSchema`. The arrays of
// tools inside a document are projected the same way. An object therefore gets
// the decision its JSON.stringify text gets; the one difference is that values
// the core never reads are not serialised, so they cannot fail the document
// (nesting deeper than 128, a lone surrogate).

const { argumentError } = require('./errors.js')

const READ_KEYS = new Set(['name', 'title', 'annotations', '_meta', 'meta', 'tools', 'jsonrpc', 'result', 'error'])

const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value)

// What JSON.stringify leaves out of an object.
const omitted = (value) => value === undefined || typeof value === 'function' || typeof value === 'symbol'

function put(target, key, value) {
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
  } else {
    target[key] = value
  }
}

// `level` 0: a document or a tool; 1: a JSON-RPC `result`; 2: a tool of a list.
function project(object, level) {
  if (typeof object.toJSON === 'function') {
    const replaced = object.toJSON('')
    if (!isObject(replaced)) return replaced
    object = replaced
  }
  const out = {}
  for (const key of Object.keys(object)) {
    const value = object[key]
    if (key === 'tools' && level < 2 && Array.isArray(value)) {
      put(out, key, value.map(projectElement))
    } else if (key === 'result' && level === 0 && isObject(value)) {
      put(out, key, project(value, 1))
    } else if (READ_KEYS.has(key)) {
      put(out, key, value)
    } else if (!omitted(value)) {
      put(out, key, null)
    }
  }
  return out
}

function projectElement(element) {
  return isObject(element) ? project(element, 2) : element
}

function stringify(value) {
  let text
  try {
    text = JSON.stringify(value)
  } catch (error) {
    // BigInt, cycles, a throwing toJSON or getter.
    throw argumentError(`the value cannot be serialised as JSON: ${error.message}`, error)
  }
  if (text === undefined) throw argumentError('the value cannot be serialised as JSON')
  return text
}

/** One tool object as JSON text. */
function projectTool(tool) {
  return stringify(project(tool, 0))
}

/** A document (a listTools() result, a JSON-RPC response, an array of tools) as JSON text. */
function projectDocument(document) {
  return stringify(Array.isArray(document) ? document.map(projectElement) : project(document, 0))
}

module.exports = { projectTool, projectDocument, isObject }
