// Debian's Chromium, headless, driven by playwright-core: a fresh profile per
// launch, no network beyond the pages it is sent to. Every page it opens
// records console errors and uncaught exceptions, for the tests to assert on.

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium } from 'playwright-core'

export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium'

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** { context, open(url) → { page, errors }, close() } */
export async function launch() {
  const profile = mkdtempSync(path.join(tmpdir(), 'hintgate-chromium-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    viewport: { width: 1280, height: 900 },
  })
  return {
    context,
    async open(url) {
      const page = await context.newPage()
      const errors = []
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console.error: ${message.text()}`)
      })
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.stack ?? error.message}`))
      await page.goto(url)
      return { page, errors }
    },
    async close() {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
    },
  }
}
