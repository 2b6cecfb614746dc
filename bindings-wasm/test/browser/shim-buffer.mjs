// `Buffer.from(hex, 'hex')`, the one use tests/js/vectors.mjs makes of Node's
// Buffer (input_hex cases): the bytes as a Uint8Array.
globalThis.Buffer = {
  from(text, encoding) {
    if (encoding !== 'hex' || !/^([0-9a-fA-F]{2})*$/.test(text)) throw new Error('shim Buffer: hex only')
    const bytes = new Uint8Array(text.length / 2)
    for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(text.slice(2 * i, 2 * i + 2), 16)
    return bytes
  },
}
