// Benchmark: hintgate against the pure-JavaScript anchor (./anchor.mjs), in
// the same run, as ratios.
//
//   decideAll(text)  vs  JSON.parse + the anchor over every tool
//   decide(object)   vs  the anchor's decideTool(object), per call
//
// on the GitHub MCP server's tools/list (117 tools, 144 KB). It first checks
// that hintgate and the anchor agree on every tool under several contexts and
// exits 1 if they do not; timings never fail the run.
//
//   node bench/bench.mjs [--quick] [--corpus FILE]   (HINTGATE_MODULE=path picks another build)

import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { isDeepStrictEqual } from 'node:util'

import { decideAllText, decideTool, toolsOf } from './anchor.mjs'

const here = path.dirname(fileURLToPath(import.meta.url))
const require = createRequire(import.meta.url)
const hintgate = require(process.env.HINTGATE_MODULE ?? path.join(here, '../lib/index.js'))

const args = process.argv.slice(2)
const quick = args.includes('--quick')
const corpusArg = args.indexOf('--corpus')
// The repository's copy of ../shared/corpus/github-mcp-server.tools-list.json.
const corpusPath =
  corpusArg >= 0 ? args[corpusArg + 1] : path.resolve(here, '../../tests/corpus/github-mcp-server.tools-list.json')
const text = readFileSync(corpusPath, 'utf8')
const tools = toolsOf(JSON.parse(text))

// ---- agreement ----

const contexts = [
  { trusted: true },
  { trusted: false },
  { trusted: true, offline: true },
  { trusted: true, scopes: ['repo'] },
  ...hintgate.PRESETS.map((policy) => ({ policy, trusted: true })),
]
const plain = (d) => ({ ...d, findings: [...d.findings], effective: [...d.effective] })
let disagreements = 0
for (const options of contexts) {
  const fromText = hintgate.decideAll(text, options).map(plain)
  const anchor = decideAllText(text, options)
  tools.forEach((tool, i) => {
    const one = plain(hintgate.decide(tool, options))
    for (const [what, got] of [
      ['decideAll(text)', fromText[i]],
      ['decide(object)', one],
    ]) {
      if (!isDeepStrictEqual(got, anchor[i])) {
        disagreements++
        if (disagreements <= 5) {
          console.error(`disagree on ${tool.name} ${JSON.stringify(options)} ${what}:`)
          console.error(`  hintgate ${JSON.stringify(got)}\n  anchor   ${JSON.stringify(anchor[i])}`)
        }
      }
    }
  })
}
const compared = contexts.length * tools.length
if (disagreements > 0) {
  console.error(`bench: hintgate and the anchor disagree on ${disagreements} of ${compared * 2} decisions`)
  process.exit(1)
}
console.log(`agreement: ${compared} decisions × 2 paths (${tools.length} tools, ${contexts.length} contexts), no difference`)

// ---- timing ----

let sink = 0
// Median over rounds of the time per call of `fn`, in nanoseconds.
function measure(fn, callsPerRound) {
  const rounds = quick ? 5 : 15
  for (let i = 0; i < callsPerRound; i++) sink ^= fn(i) // warm up
  const times = []
  for (let r = 0; r < rounds; r++) {
    const start = process.hrtime.bigint()
    for (let i = 0; i < callsPerRound; i++) sink ^= fn(i)
    times.push(Number(process.hrtime.bigint() - start) / callsPerRound)
  }
  times.sort((a, b) => a - b)
  return times[Math.floor(times.length / 2)]
}

const options = { trusted: true }
const documentCalls = quick ? 100 : 400
const all = measure(() => hintgate.decideAll(text, options).length, documentCalls)
const allAnchor = measure(() => decideAllText(text, options).length, documentCalls)
const parseOnly = measure(() => toolsOf(JSON.parse(text)).length, documentCalls)

const toolCalls = (quick ? 200 : 1000) * tools.length
const one = measure((i) => hintgate.decide(tools[i % tools.length], options).findings.length, toolCalls)
const oneAnchor = measure((i) => decideTool(tools[i % tools.length], options).findings.length, toolCalls)

const mib = (ns) => (text.length / 1048576 / (ns / 1e9)).toFixed(0)
const us = (ns) => (ns / 1000).toFixed(1)
console.log(`corpus: ${tools.length} tools, ${(Buffer.byteLength(text) / 1024).toFixed(0)} KiB (${sink === -1 ? '' : 'ok'})`)
console.log(
  `decideAll(text):  hintgate ${us(all)} µs (${mib(all)} MiB/s) · anchor JSON.parse + JS ${us(allAnchor)} µs ` +
    `(JSON.parse alone ${us(parseOnly)} µs) · ${(allAnchor / all).toFixed(2)}× faster (goal ≥ 2×)`,
)
console.log(
  `decide(object):   hintgate ${one.toFixed(0)} ns/call · anchor ${oneAnchor.toFixed(0)} ns/call · ` +
    `${(one / oneAnchor).toFixed(2)}× the anchor's time (goal ≤ 3×)`,
)
