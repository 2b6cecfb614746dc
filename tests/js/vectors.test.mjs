// Every case of every file of tests/vectors, through the package under test.
import assert from 'node:assert/strict'
import { test } from 'node:test'

import { backendName, hintgate } from './backend.mjs'
import { newReport, runFile, vectorFiles } from './vectors.mjs'

const report = newReport()
const ids = new Set()

for (const name of vectorFiles()) {
  test(`vectors: ${name}`, () => {
    const before = report.failures.length
    runFile(hintgate, name, report, ids)
    assert.deepEqual(report.failures.slice(before), [])
  })
}

test('vectors: every file ran, and every word of the vocabulary was expected somewhere', (t) => {
  assert.equal(report.files, vectorFiles().length)
  assert.ok(report.files >= 12 && report.cases >= 389, `${report.files} files, ${report.cases} cases`)
  for (const [kind, words] of [
    ['risk', hintgate.RISKS],
    ['action', hintgate.ACTIONS],
    ['reason', hintgate.REASONS],
    ['retry', hintgate.RETRIES],
    ['finding', hintgate.FINDINGS],
    ['invalid_tool', hintgate.INVALID_KINDS],
  ]) {
    for (const word of words) assert.ok(report.seen.has(`${kind}:${word}`), `no vector expects ${kind} ${word}`)
  }
  const line =
    `vectors (${backendName}): ${report.files} files, ${report.cases} cases, ${report.decisions} decisions ` +
    `(${report.confirmations} also through decide() and needsConfirmation()), ${report.checks} checks, ` +
    `${report.failures.length} failures`
  t.diagnostic(line)
  console.log(line)
})
