// In headless Chromium (Debian's, through playwright-core), on pages served
// from 127.0.0.1: every conformance vector through the browser build, and the
// demo page fed documents, its rows and counts checked against the package's
// own answers in Node. Any console error or uncaught exception fails a test.

import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, test } from 'node:test'

import { launch } from './chromium.mjs'
import { repoRoot, serve } from './server.mjs'

const require = createRequire(import.meta.url)
const hintgate = require('../lib/index.js')

let server
let browser
before(async () => {
  server = await serve()
  browser = await launch()
})
after(async () => {
  await browser?.close()
  await server?.close()
})

test('every case of every vector file passes in Chromium', async (t) => {
  const { page, errors } = await browser.open(`${server.origin}/bindings-wasm/test/browser/vectors.html`)
  await page.waitForFunction(() => window.vectorReport !== undefined, null, { timeout: 300_000 })
  const report = await page.evaluate(() => window.vectorReport)
  assert.equal(report.crashed, null)
  assert.deepEqual(report.failures, [])
  const files = readdirSync(path.join(repoRoot, 'tests/vectors')).filter((f) => f.endsWith('.json'))
  assert.equal(report.files, files.length)
  assert.ok(report.cases >= 389 && report.decisions > 0, `${report.cases} cases, ${report.decisions} decisions`)
  const seen = new Set(report.seen)
  for (const [kind, words] of [
    ['risk', hintgate.RISKS],
    ['action', hintgate.ACTIONS],
    ['reason', hintgate.REASONS],
    ['retry', hintgate.RETRIES],
    ['finding', hintgate.FINDINGS],
    ['invalid_tool', hintgate.INVALID_KINDS],
  ]) {
    for (const word of words) assert.ok(seen.has(`${kind}:${word}`), `no vector expects ${kind} ${word}`)
  }
  assert.deepEqual(errors, [])
  const line =
    `vectors (chromium ${report.userAgent.match(/Chrome\/([\d.]+)/)?.[1]}): ${report.files} files, ` +
    `${report.cases} cases, ${report.decisions} decisions (${report.confirmations} also through decide() ` +
    `and needsConfirmation()), ${report.checks} checks, ${report.failures.length} failures`
  t.diagnostic(line)
  console.log(line)
})

// The demo's rows and counts, read from the page.
async function shown(page) {
  return page.evaluate(() => ({
    rows: [...document.querySelectorAll('#groups tr[data-action]')].map((tr) => ({
      name: tr.dataset.name,
      risk: tr.dataset.risk,
      action: tr.dataset.action,
      group: tr.closest('section.group').dataset.action,
      colour: getComputedStyle(tr.querySelector('td')).borderLeftColor,
      cells: [...tr.querySelectorAll('td')].map((td) => td.innerText.trim()),
    })),
    counts: Object.fromEntries(
      [...document.querySelectorAll('#summary [data-action]')].map((e) => [e.dataset.action, Number(e.dataset.count)]),
    ),
    status: document.getElementById('status').textContent,
    statusIsError: document.getElementById('status').classList.contains('error'),
  }))
}

// What the page must show for `text` under `options`: the package's own
// decisions, computed here in Node.
function expectShown(got, text, options) {
  const decisions = hintgate.decideAll(text, options)
  const infos = hintgate.readTools(text)
  assert.equal(got.rows.length, decisions.length, 'one row per tool')
  const byName = new Map(got.rows.map((r) => [r.name, r]))
  decisions.forEach((d, i) => {
    const r = byName.get(d.name ?? '')
    assert.ok(r, `a row for ${d.name}`)
    assert.deepEqual([r.risk, r.action, r.group], [d.risk, d.action, d.action], d.name)
    const [tool, risk, action, reason, retry, findings] = r.cells
    assert.ok(tool.startsWith(d.name ?? '(no name)'), tool)
    if (infos[i].displayName !== null && infos[i].displayName !== d.name) assert.ok(tool.includes(infos[i].displayName))
    assert.deepEqual([risk, action, retry], [d.risk, d.action, d.retry])
    assert.equal(reason, `${d.reason}\n${d.explain()}`)
    assert.equal(findings, d.findings.length ? d.findings.join('') : '—')
  })
  // Rows of one risk share one colour, and different risks differ.
  const colours = new Map()
  for (const r of got.rows) {
    if (colours.has(r.risk)) assert.equal(colours.get(r.risk), r.colour, r.risk)
    colours.set(r.risk, r.colour)
  }
  assert.equal(new Set(colours.values()).size, colours.size, 'one colour per risk')
  const counts = { deny: 0, confirm: 0, allow: 0 }
  for (const d of decisions) counts[d.action]++
  assert.deepEqual(got.counts, counts)
  assert.equal(got.statusIsError, false)
  return counts
}

test('the demo page: the example, a pasted document, a dropped file, a bad document', async (t) => {
  const { page, errors } = await browser.open(`${server.origin}/bindings-wasm/demo/index.html`)
  await page.waitForSelector('body[data-ready="true"]')

  // The bundled example, with the page's defaults (default policy, trusted).
  const example = readFileSync(path.join(repoRoot, 'examples/tools-list.json'), 'utf8')
  await page.click('#load-example')
  await page.waitForSelector('#groups tr')
  const exampleCounts = expectShown(await shown(page), example, { policy: 'default', trusted: true })
  assert.equal(Object.values(exampleCounts).reduce((a, b) => a + b), 17)
  const screenshot = path.join(repoRoot, 'target/wasm/demo.png')
  mkdirSync(path.dirname(screenshot), { recursive: true })
  await page.screenshot({ path: screenshot, fullPage: true })
  t.diagnostic(`screenshot: ${path.relative(repoRoot, screenshot)}`)

  // A pasted document (the GitHub server's 117 tools), another policy, offline.
  const corpus = readFileSync(path.join(repoRoot, 'tests/corpus/github-mcp-server.tools-list.json'), 'utf8')
  await page.fill('#document', corpus)
  await page.selectOption('#policy', 'cautious')
  await page.check('#offline')
  await page.waitForFunction(() => document.querySelectorAll('#groups tr[data-action]').length === 117)
  expectShown(await shown(page), corpus, { policy: 'cautious', trusted: true, offline: true })

  // Untrusted: every tool is decided as destructive.
  await page.uncheck('#trusted')
  const untrusted = await shown(page)
  expectShown(untrusted, corpus, { policy: 'cautious', trusted: false, offline: true })
  assert.ok(untrusted.rows.every((r) => r.risk === 'destructive'))

  // A file dropped on the text area.
  const small = JSON.stringify({
    tools: [
      { name: 'get_weather', annotations: { readOnlyHint: true, openWorldHint: true } },
      { name: 'delete_repo', annotations: { destructiveHint: true } },
    ],
  })
  await page.evaluate((text) => {
    const transfer = new DataTransfer()
    transfer.items.add(new File([text], 'tools.json', { type: 'application/json' }))
    document.getElementById('drop').dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }))
  }, small)
  await page.waitForFunction(() => document.querySelectorAll('#groups tr[data-action]').length === 2)
  expectShown(await shown(page), small, { policy: 'cautious', trusted: false, offline: true })

  // A document that cannot be read: the core's error, no rows.
  await page.fill('#document', '{"tools": [{"name": "a"}')
  await page.waitForFunction(() => document.getElementById('status').classList.contains('error'))
  const bad = await shown(page)
  assert.equal(bad.rows.length, 0)
  assert.match(bad.status, /^This is not a tools\/list hintgate can read: unexpected end of input at byte 24 \(unexpected_end, byte 24\)$/)

  assert.deepEqual(errors, [])
})

test('the packed package works in a browser: its demo, served from the tarball alone', async () => {
  const work = mkdtempSync(path.join(tmpdir(), 'hintgate-wasm-packed-'))
  const packed = await (async () => {
    const out = execFileSync('npm', ['pack', '--json', '--pack-destination', work], {
      cwd: path.join(repoRoot, 'bindings-wasm'),
      encoding: 'utf8',
    })
    const [{ filename }] = JSON.parse(out.slice(out.indexOf('[')))
    execFileSync('tar', ['-xzf', path.join(work, filename), '-C', work])
    return serve(path.join(work, 'package'))
  })()
  try {
    const { page, errors } = await browser.open(`${packed.origin}/demo/index.html`)
    await page.waitForSelector('body[data-ready="true"]')
    await page.click('#load-example')
    await page.waitForSelector('#groups tr')
    const example = readFileSync(path.join(repoRoot, 'examples/tools-list.json'), 'utf8')
    expectShown(await shown(page), example, { policy: 'default', trusted: true })
    // The browser entry's exports are the Node entry's.
    const names = await page.evaluate(async () => Object.keys(await import('/lib/browser.mjs')).sort())
    assert.deepEqual(names, [...Object.keys(hintgate), 'default'].sort())
    assert.deepEqual(errors, [])
  } finally {
    await packed.close()
    rmSync(work, { recursive: true, force: true })
  }
})
