// A client gating `callTool` with hintgate: denied tools are never offered,
// confirmed tools run only when a person says yes. Exercised by
// tests/js/mcp.test.mjs against a real MCP server.
import { decideAll } from 'hintgate'

/**
 * Wraps a connected `@modelcontextprotocol/sdk` Client.
 * `confirm(decision, args)` asks a person; it returns true to go ahead.
 */
export async function gatedClient(client, { confirm, ...options }) {
  const { tools } = await client.listTools()
  const decisions = decideAll(tools, options) // one decision per tool, in order
  const byName = new Map(tools.map((tool, i) => [tool.name, decisions[i]]))
  return {
    // Offer the model only what the policy does not deny.
    tools: tools.filter((tool) => byName.get(tool.name).action !== 'deny'),
    decision: (name) => byName.get(name),
    async callTool(params) {
      const decision = byName.get(params.name)
      if (!decision || decision.action === 'deny') {
        throw new Error(`${params.name} is not offered: ${decision ? decision.explain() : 'unknown tool'}`)
      }
      if (decision.action === 'confirm' && !(await confirm(decision, params.arguments))) {
        return { isError: true, content: [{ type: 'text', text: `Declined. ${decision.explain()}` }] }
      }
      return client.callTool(params)
    },
  }
}
