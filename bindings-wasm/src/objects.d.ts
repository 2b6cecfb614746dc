/** A rejected document. */
export interface DocumentFailure {
  /** The document error kind's number. */
  kind: number
  /** The byte offset of the problem in the UTF-8 input. */
  offset: number
  /** The core's one-line description. */
  message: string
  /** The server's `error.message`, for a JSON-RPC error response. */
  serverMessage?: string
  /** The server's `error.code`, when it is an integer. */
  serverCode?: number
}

/** The decisions of a document's tools, packed (see `layout`). */
export interface DocumentResult {
  /** Two words per tool, in document order: the decision word, the info word. */
  words: Uint32Array
  /** The decoded names of the tools that have one, joined. */
  names: string
  /** Per tool, where its name ends in `names` (UTF-16 units). */
  nameEnds: Uint32Array
  /** The display names (SPEC §5) joined, when asked for. */
  displayNames?: string
  /** Per tool, where its display name ends in `displayNames`. */
  displayEnds?: Uint32Array
  /** Why the document was rejected; then there are no tools. */
  error?: DocumentFailure
}

/** The bit positions of the packed words, for the JavaScript layer. */
export interface Layout {
  action: number
  risk: number
  reason: number
  retry: number
  audit: number
  secret: number
  progress: number
  needsConfirmation: number
  effective: number
  findings: number
  hints: number
  invalid: number
  hasName: number
}

/** What the core knows of a tier word. */
export interface TierInfo {
  tier: number
  risk: number
  stampBits: number
  stampJson: string
}

/** Every word list of SPEC §8, each indexed by the core's number. */
export interface Vocabulary {
  actions: string[]
  risks: string[]
  reasons: string[]
  retries: string[]
  hints: string[]
  findings: string[]
  invalidKinds: string[]
  documentErrors: string[]
  policyErrors: string[]
  tiers: string[]
  presets: string[]
  presetBits: number[]
}
