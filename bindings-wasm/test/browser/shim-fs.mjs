// node:fs for tests/js/vectors.mjs in a browser: the vector files are
// fetched once (top-level await) and read synchronously from memory.
const DIR = 'tests/vectors'
const names = await (await fetch(`/${DIR}/`)).json()
const files = new Map()
await Promise.all(
  names
    .filter((name) => name.endsWith('.json'))
    .map(async (name) => {
      const response = await fetch(`/${DIR}/${name}`)
      if (!response.ok) throw new Error(`${DIR}/${name}: HTTP ${response.status}`)
      files.set(`${DIR}/${name}`, await response.text())
    }),
)

const key = (p) => p.replace(/^\/+/, '')

export function readdirSync(dir) {
  if (key(dir) !== DIR) throw new Error(`shim-fs: only ${DIR} is listed, not ${dir}`)
  return names.slice()
}

export function readFileSync(file, encoding) {
  if (encoding !== 'utf8') throw new Error('shim-fs: text only')
  const text = files.get(key(file))
  if (text === undefined) throw new Error(`shim-fs: ${file} was not fetched`)
  return text
}
