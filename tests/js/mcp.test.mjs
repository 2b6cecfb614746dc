// A real MCP server from npm (@modelcontextprotocol/server-everything, over
// stdio), the official SDK Client, and every tool it lists decided.
import assert from 'node:assert/strict'
import { createRequire } from 'node:module'
import path from 'node:path'
import { after, before, test } from 'node:test'

import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'

import { hintgate as hg, root } from './backend.mjs'

const require = createRequire(import.meta.url)
// The installed package's own entry, run by this Node: nothing is fetched.
const serverDir = path.dirname(require.resolve('@modelcontextprotocol/server-everything/package.json'))
const serverBin = path.join(serverDir, require(path.join(serverDir, 'package.json')).bin['mcp-server-everything'])

let client
let listed

before(async () => {
  client = new Client({ name: 'hintgate-tests', version: '1.0.0' })
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [serverBin, 'stdio'], stderr: 'ignore' }))
  listed = await client.listTools()
})

after(async () => {
  await client?.close()
})

test('every tool of server-everything is decided; annotations count only when trusted', () => {
  const { tools } = listed
  assert.ok(tools.length >= 10, `${tools.length} tools`)
  const trusted = hg.decideAll(listed, { trusted: true })
  const untrusted = hg.decideAll(listed)
  assert.equal(trusted.length, tools.length)
  tools.forEach((tool, i) => {
    const d = trusted[i]
    assert.equal(d.name, tool.name)
    // The object and its JSON text decide alike, one by one and as a list.
    assert.deepEqual({ ...hg.decide(tool, { trusted: true }) }, { ...d })
    assert.deepEqual({ ...hg.decide(JSON.stringify(tool), { trusted: true }) }, { ...d })
    assert.equal(hg.needsConfirmation(tool, { trusted: true }), d.action === 'confirm')
    // Untrusted: every tool is treated as destructive and confirmed.
    assert.deepEqual([untrusted[i].risk, untrusted[i].action, untrusted[i].reason], ['destructive', 'confirm', 'untrusted'])
    // What the server declares decides the risk class.
    const a = tool.annotations
    assert.ok(a, `${tool.name} is annotated`)
    if (a.readOnlyHint === true) {
      assert.deepEqual([d.risk, d.action, d.retry], ['read', 'allow', 'safe'], tool.name)
    } else if (a.destructiveHint === false && a.openWorldHint === false) {
      assert.deepEqual([d.risk, d.action], ['compute', 'allow'], tool.name)
    } else if (a.destructiveHint === false && a.openWorldHint === true) {
      assert.deepEqual([d.risk, d.action, d.audit], ['external', 'confirm', true], tool.name)
    }
  })
  const byName = Object.fromEntries(trusted.map((d) => [d.name, d]))
  assert.deepEqual([byName.echo.action, byName.echo.risk, byName.echo.findings.length], ['allow', 'read', 0])
  assert.equal(byName['gzip-file-as-resource'].action, 'confirm')
  assert.equal(byName['toggle-simulated-logging'].risk, 'compute')
  // get-env starts with `get` and is read-only: no name finding.
  assert.deepEqual([...byName['get-env'].findings], [])
  assert.equal(hg.mayRunInParallel(trusted), false)
  assert.equal(hg.mayRunInParallel(trusted.filter((d) => d.risk === 'read')), true)
})

test('plan mode offers only the read-only tools; offline denies the open-world one', () => {
  const plan = hg.decideAll(listed.tools, { trusted: true, policy: 'plan' })
  listed.tools.forEach((tool, i) => {
    assert.equal(plan[i].action, tool.annotations.readOnlyHint === true ? 'allow' : 'deny', tool.name)
  })
  const offline = hg.decideAll(listed, { trusted: true, offline: true })
  const gzip = offline.find((d) => d.name === 'gzip-file-as-resource')
  assert.deepEqual([gzip.action, gzip.reason], ['deny', 'offline'])
  assert.equal(offline.find((d) => d.name === 'echo').action, 'allow')
})

test('the README example (bindings-node) gates callTool on the live server', async () => {
  const { gatedClient } = await import(path.join(root, 'bindings-node/examples/gated-client.mjs'))
  const asked = []
  const gated = await gatedClient(client, {
    trusted: true,
    policy: 'cautious',
    confirm: async (decision) => {
      asked.push(decision.name)
      return false
    },
  })
  assert.equal(gated.tools.length, listed.tools.length) // cautious denies nothing
  const echo = await gated.callTool({ name: 'echo', arguments: { message: 'hi' } })
  assert.deepEqual(echo.content, [{ type: 'text', text: 'Echo: hi' }])
  const declined = await gated.callTool({ name: 'toggle-simulated-logging', arguments: {} })
  assert.equal(declined.isError, true)
  assert.match(declined.content[0].text, /^Declined\. Confirm first: the policy asks a person before running compute tools\.$/)
  assert.deepEqual(asked, ['toggle-simulated-logging'])

  const planned = await gatedClient(client, { trusted: true, policy: 'plan', confirm: async () => true })
  assert.ok(planned.tools.every((tool) => tool.annotations.readOnlyHint === true))
  await assert.rejects(planned.callTool({ name: 'toggle-simulated-logging', arguments: {} }), /is not offered: Denied/)
})

test('the README shows the example file as it is', async () => {
  const { readFileSync } = await import('node:fs')
  const readme = readFileSync(path.join(root, 'bindings-node/README.md'), 'utf8')
  const example = readFileSync(path.join(root, 'bindings-node/examples/gated-client.mjs'), 'utf8')
  assert.ok(readme.includes('```js\n' + example + '```\n'), 'README quotes examples/gated-client.mjs verbatim')
})
