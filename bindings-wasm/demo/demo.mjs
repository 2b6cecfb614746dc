// The demo page: a tools/list document in, every decision out. All answers
// come from the package (the hintgate core in WebAssembly); this file only
// reads the controls and draws rows.
import * as hintgate from '../lib/browser.mjs'

const $ = (id) => document.getElementById(id)
const textarea = $('document')
const policySelect = $('policy')
const trusted = $('trusted')
const offline = $('offline')

// Most attention first.
const GROUP_ORDER = ['deny', 'confirm', 'allow']

function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag)
  for (const [key, value] of Object.entries(attributes)) {
    if (key === 'class') node.className = value
    else if (key === 'text') node.textContent = value
    else node.setAttribute(key, value)
  }
  for (const child of children) if (child !== null) node.append(child)
  return node
}

for (const name of hintgate.PRESETS) policySelect.append(element('option', { value: name, text: name }))
policySelect.value = 'default'
$('legend').append(
  ...hintgate.RISKS.map((risk) => element('span', {}, element('i', { style: `background: var(--${risk})` }), risk)),
)

function status(text, isError = false) {
  $('status').textContent = text
  $('status').className = isError ? 'error' : ''
}

function row(decision, info) {
  const name = element('div', { class: 'tool-name', text: decision.name ?? '(no name)' })
  const title =
    info.displayName !== null && info.displayName !== decision.name
      ? element('div', { class: 'tool-title', text: info.displayName })
      : null
  const invalid = info.error ? element('div', { class: 'invalid', text: `invalid: ${info.error}` }) : null
  const findings = decision.findings.length
    ? element('td', {}, ...decision.findings.map((f) => element('span', { class: 'chip', text: f })))
    : element('td', { class: 'none', text: '—' })
  return element(
    'tr',
    { class: `risk-${decision.risk}`, 'data-name': decision.name ?? '', 'data-risk': decision.risk, 'data-action': decision.action },
    element('td', {}, name, title, invalid),
    element('td', {}, element('span', { class: 'badge', text: decision.risk })),
    element('td', {}, element('span', { class: `action action-${decision.action}`, text: decision.action })),
    element('td', {}, element('div', { text: decision.reason }), element('div', { class: 'why', text: decision.explain() })),
    element('td', { text: decision.retry }),
    findings,
  )
}

function render() {
  const summary = $('summary')
  const groups = $('groups')
  summary.replaceChildren()
  groups.replaceChildren()
  const text = textarea.value
  if (text.trim() === '') {
    status('Paste a tools/list result above, drop a file on it, or load the example.')
    return
  }
  const options = { policy: policySelect.value, trusted: trusted.checked, offline: offline.checked }
  let decisions, infos
  try {
    decisions = hintgate.decideAll(text, options)
    infos = hintgate.readTools(text)
  } catch (error) {
    if (error.code !== 'HINTGATE_INVALID_DOCUMENT') throw error
    status(`This is not a tools/list hintgate can read: ${error.message.replace(/^hintgate: /, "")} (${error.kind}, byte ${error.offset})`, true)
    return
  }
  status(
    `${decisions.length} tool${decisions.length === 1 ? '' : 's'} · policy ${options.policy} · ` +
      `${options.trusted ? 'trusted' : 'untrusted'} server${options.offline ? ' · offline' : ''}`,
  )
  for (const action of GROUP_ORDER) {
    const members = decisions.map((d, i) => [d, infos[i]]).filter(([d]) => d.action === action)
    summary.append(
      element('div', { class: `count ${action}`, 'data-action': action, 'data-count': String(members.length) },
        element('b', { text: String(members.length) }), action),
    )
    if (members.length === 0) continue
    const table = element(
      'table', {},
      element('thead', {}, element('tr', {}, ...['tool', 'risk', 'action', 'reason', 'retry', 'findings'].map((h) => element('th', { text: h })))),
      element('tbody', {}, ...members.map(([d, info]) => row(d, info))),
    )
    groups.append(
      element('section', { class: 'group', 'data-action': action },
        element('h2', {}, `${action} `, element('small', { text: `${members.length} tool${members.length === 1 ? '' : 's'}` })),
        table),
    )
  }
}

let pending = 0
textarea.addEventListener('input', () => {
  clearTimeout(pending)
  pending = setTimeout(render, 120)
})
for (const control of [policySelect, trusted, offline]) control.addEventListener('change', render)

async function loadText(text) {
  textarea.value = text
  render()
}

$('load-example').addEventListener('click', async () => {
  const response = await fetch(new URL('tools-list.json', import.meta.url))
  if (!response.ok) return status(`The example could not be loaded (HTTP ${response.status}).`, true)
  await loadText(await response.text())
})
$('file').addEventListener('change', async (event) => {
  const file = event.target.files[0]
  if (file) await loadText(await file.text())
})

const drop = $('drop')
drop.addEventListener('dragover', (event) => {
  event.preventDefault()
  drop.classList.add('over')
})
drop.addEventListener('dragleave', () => drop.classList.remove('over'))
drop.addEventListener('drop', async (event) => {
  event.preventDefault()
  drop.classList.remove('over')
  const file = event.dataTransfer.files[0]
  await loadText(file ? await file.text() : event.dataTransfer.getData('text/plain'))
})

render()
document.body.dataset.ready = 'true'
