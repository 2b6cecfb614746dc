// Runs every vector file through the browser build and leaves the report in
// `window.vectorReport` (the test reads it) and on the page.
import './shim-buffer.mjs'
import hintgate from '/bindings-wasm/lib/browser.mjs'
import { newReport, runFile, vectorFiles } from '/tests/js/vectors.mjs'

const report = newReport()
const ids = new Set()
let crashed = null
try {
  for (const name of vectorFiles()) runFile(hintgate, name, report, ids)
} catch (error) {
  crashed = String(error.stack ?? error)
}
window.vectorReport = { ...report, seen: [...report.seen], crashed, files: report.files, userAgent: navigator.userAgent }
document.getElementById('out').textContent =
  `${report.files} files, ${report.cases} cases, ${report.decisions} decisions, ${report.checks} checks, ` +
  `${report.failures.length} failures${crashed ? `; crashed: ${crashed}` : ''}\n` + report.failures.join('\n')
