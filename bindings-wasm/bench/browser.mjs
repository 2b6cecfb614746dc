// The Node package's two comparisons (bindings-node/bench/bench.mjs), in the
// browser, against the same pure-JavaScript anchor (its anchor.mjs), in the
// same run:
//   decideAll(text)  vs  JSON.parse + the anchor over every tool
//   decide(object)   vs  the anchor's decideTool(object), per call
// on the GitHub MCP server's tools/list. Agreement is checked first. The
// result is left in `window.benchResult` for bench/run.mjs.
import hintgate from '/bindings-wasm/lib/browser.mjs'
import { decideAllText, decideTool, toolsOf } from '/bindings-node/bench/anchor.mjs'
import { isDeepStrictEqual } from '/bindings-wasm/test/browser/shim-util.mjs'

const quick = new URL(location.href).searchParams.has('quick')
const text = await (await fetch('/tests/corpus/github-mcp-server.tools-list.json')).text()
const tools = toolsOf(JSON.parse(text))

// ---- agreement, as bench.mjs checks it ----
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
    if (!isDeepStrictEqual(fromText[i], anchor[i])) disagreements++
    if (!isDeepStrictEqual(plain(hintgate.decide(tool, options)), anchor[i])) disagreements++
  })
}

// ---- timing: median over rounds of the time per call, in nanoseconds ----
let sink = 0
function measure(fn, callsPerRound) {
  const rounds = quick ? 5 : 15
  for (let i = 0; i < callsPerRound; i++) sink ^= fn(i) // warm up
  const times = []
  for (let r = 0; r < rounds; r++) {
    const start = performance.now()
    for (let i = 0; i < callsPerRound; i++) sink ^= fn(i)
    times.push(((performance.now() - start) * 1e6) / callsPerRound)
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

window.benchResult = {
  tools: tools.length,
  bytes: new TextEncoder().encode(text).length,
  compared: contexts.length * tools.length * 2,
  disagreements,
  all,
  allAnchor,
  parseOnly,
  one,
  oneAnchor,
  sink,
  userAgent: navigator.userAgent,
}
document.getElementById('out').textContent = JSON.stringify(window.benchResult, null, 2)
