// Benchmark of the WebAssembly package, as ratios against the Node package's
// pure-JavaScript anchor (bindings-node/bench/anchor.mjs), in one run each:
//
//   Node:     bindings-node/bench/bench.mjs itself, pointed at this package
//             (HINTGATE_MODULE) — the very comparisons the Node addon reports;
//   Chromium: bench/browser.mjs, the same two comparisons on a page served
//             from 127.0.0.1, in Debian's headless Chromium.
//
// Exits 1 only when hintgate and the anchor disagree; timings never fail it.
//
//   node bench/run.mjs [--quick]

import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { launch } from '../test/chromium.mjs'
import { repoRoot, serve } from '../test/server.mjs'

const here = path.dirname(fileURLToPath(import.meta.url))
const quick = process.argv.includes('--quick')

console.log('== Node (bindings-node/bench/bench.mjs over hintgate-wasm)')
const node = spawnSync(process.execPath, [path.join(repoRoot, 'bindings-node/bench/bench.mjs'), ...(quick ? ['--quick'] : [])], {
  env: { ...process.env, HINTGATE_MODULE: path.join(here, '../lib/index.js') },
  stdio: 'inherit',
})
if (node.status !== 0) process.exit(node.status ?? 1)

console.log('== Chromium (bench/browser.mjs)')
const server = await serve()
const browser = await launch()
let result
try {
  const { page, errors } = await browser.open(`${server.origin}/bindings-wasm/bench/page.html${quick ? '?quick' : ''}`)
  await page.waitForFunction(() => window.benchResult !== undefined, null, { timeout: 600_000 })
  result = await page.evaluate(() => window.benchResult)
  if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`)
} finally {
  await browser.close()
  await server.close()
}
if (result.disagreements > 0) {
  console.error(`bench: hintgate and the anchor disagree on ${result.disagreements} of ${result.compared} decisions in Chromium`)
  process.exit(1)
}
const us = (ns) => (ns / 1000).toFixed(1)
const mib = (ns) => (result.bytes / 1048576 / (ns / 1e9)).toFixed(0)
console.log(`agreement: ${result.compared / 2} decisions × 2 paths, no difference (${result.userAgent.match(/Chrome\/\d+/)?.[0]})`)
console.log(`corpus: ${result.tools} tools, ${(result.bytes / 1024).toFixed(0)} KiB`)
console.log(
  `decideAll(text):  hintgate ${us(result.all)} µs (${mib(result.all)} MiB/s) · anchor JSON.parse + JS ${us(result.allAnchor)} µs ` +
    `(JSON.parse alone ${us(result.parseOnly)} µs) · ${(result.allAnchor / result.all).toFixed(2)}× faster (goal ≥ 2×)`,
)
console.log(
  `decide(object):   hintgate ${result.one.toFixed(0)} ns/call · anchor ${result.oneAnchor.toFixed(0)} ns/call · ` +
    `${(result.one / result.oneAnchor).toFixed(2)}× the anchor's time (goal ≤ 3×)`,
)
