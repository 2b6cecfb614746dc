/* Runs every case of tests/vectors through the C API, from the flat form that
 * `hintgate-flat-vectors` writes (see tests/src/flat.rs for the format), and
 * compares every expected output. Usage: vectors FLAT_FILE */
#include <stdint.h>
#include <stdlib.h>

#include "hintgate.h"
#include "check.h"

/* ---- small helpers ---------------------------------------------------- */

typedef struct Bytes {
  unsigned char *data; /* NUL-terminated copy; NULL for `-` (null) */
  size_t len;
} Bytes;

static int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

/* Decodes `x<hex>` (or `-` for null). Exits on a malformed file. */
static Bytes unhex(const char *token) {
  Bytes out = {NULL, 0};
  if (token == NULL) {
    fprintf(stderr, "%s: missing token\n", check_context);
    exit(2);
  }
  if (strcmp(token, "-") == 0) return out;
  if (token[0] != 'x' || strlen(token + 1) % 2 != 0) {
    fprintf(stderr, "%s: bad text token %s\n", check_context, token);
    exit(2);
  }
  out.len = strlen(token + 1) / 2;
  out.data = malloc(out.len + 1);
  if (out.data == NULL) exit(3);
  for (size_t i = 0; i < out.len; i++) {
    int hi = hex_digit(token[1 + 2 * i]), lo = hex_digit(token[2 + 2 * i]);
    if (hi < 0 || lo < 0) {
      fprintf(stderr, "%s: bad hex %s\n", check_context, token);
      exit(2);
    }
    out.data[i] = (unsigned char)(hi * 16 + lo);
  }
  out.data[out.len] = 0;
  return out;
}

static char *next_token(char **rest) {
  char *token = *rest;
  if (token == NULL || *token == 0) return NULL;
  char *space = strchr(token, ' ');
  if (space) {
    *space = 0;
    *rest = space + 1;
  } else {
    *rest = token + strlen(token);
  }
  return token;
}

/* The next comma-separated item of a list (C11 has no strtok_r). */
static char *next_item(char **rest) {
  char *item = *rest;
  if (item == NULL || *item == 0) return NULL;
  char *comma = strchr(item, ',');
  if (comma) {
    *comma = 0;
    *rest = comma + 1;
  } else {
    *rest = item + strlen(item);
  }
  return item;
}

static const char *need(char **rest) {
  const char *token = next_token(rest);
  if (token == NULL) {
    fprintf(stderr, "%s: line ends early\n", check_context);
    exit(2);
  }
  return token;
}

static int flag(const char *token) { return strcmp(token, "1") == 0; }

/* Appends `word` to the comma-joined list in `list` (starting ":"). */
static void list_add(char *list, size_t cap, const char *word) {
  if (strlen(list) > 1) strncat(list, ",", cap - strlen(list) - 1);
  strncat(list, word ? word : "(null)", cap - strlen(list) - 1);
}

static void hint_set_words(HgHintSet set, char *out, size_t cap) {
  strcpy(out, ":");
  for (uint8_t hint = 0; hint < 8; hint++)
    if (set & (1u << hint)) list_add(out, cap, hg_hint_name(hint));
}

static void finding_words(HgFindings set, char *out, size_t cap) {
  strcpy(out, ":");
  for (uint8_t finding = 0; finding < 8; finding++)
    if (set & (1u << finding)) list_add(out, cap, hg_finding_name(finding));
}

/* The decoded text of `s` (escapes decoded), or NULL when absent. */
static char *decoded(const HgStr *s) {
  if (s->ptr == NULL) return NULL;
  size_t needed = 0;
  HgStatus sized = hg_str_decode(s, NULL, 0, &needed);
  CHECK(sized == HG_BUFFER_TOO_SMALL);
  char *buf = malloc(needed);
  if (buf == NULL) exit(3);
  size_t len = 0;
  CHECK_STATUS(hg_str_decode(s, buf, needed, &len), HG_OK);
  CHECK(len + 1 == needed);
  return buf;
}

/* Checks an optional decoded text against an expected `x<hex>`/`-` token. */
static void check_text(const char *what, const HgStr *actual, const char *token) {
  Bytes expected = unhex(token);
  char *text = decoded(actual);
  checks_run++;
  int same = (text == NULL && expected.data == NULL) ||
             (text != NULL && expected.data != NULL &&
              strlen(text) == expected.len && memcmp(text, expected.data, expected.len) == 0);
  if (!same) {
    checks_failed++;
    fprintf(stderr, "%s: %s is \"%s\", expected \"%s\"\n", check_context, what,
            text ? text : "(absent)", expected.data ? (char *)expected.data : "(absent)");
  }
  free(text);
  free(expected.data);
}

static int same_str(HgStr a, HgStr b) {
  return a.ptr == b.ptr && a.len == b.len && a.escaped == b.escaped;
}

static int same_tool(const HgTool *a, const HgTool *b) {
  return a->valid == b->valid && a->invalid_kind == b->invalid_kind &&
         a->invalid_offset == b->invalid_offset && same_str(a->name, b->name) &&
         same_str(a->title, b->title) && same_str(a->annotations_title, b->annotations_title) &&
         a->annotated == b->annotated && a->hints == b->hints &&
         a->invalid_hints == b->invalid_hints && a->tier_state == b->tier_state &&
         a->tier == b->tier && a->scope_state == b->scope_state &&
         same_str(a->required_scope, b->required_scope);
}

/* ---- reading documents ------------------------------------------------ */

typedef struct Read {
  HgStatus status;
  HgDocumentError error;
  HgTool *tools;
  size_t count;
} Read;

typedef struct Visited {
  HgTool *tools;
  size_t count, capacity;
} Visited;

static bool collect(void *context, size_t index, const HgTool *tool) {
  Visited *seen = context;
  CHECK(index == seen->count);
  if (seen->count < seen->capacity) seen->tools[seen->count] = *tool;
  seen->count++;
  return true;
}

/* Reads a document every way the API offers and checks they agree. */
static Read read_all(const Bytes *doc) {
  Read read = {HG_OK, {0}, NULL, 0};
  size_t count = 0;
  HgStatus sized = hg_read_tools(doc->data, doc->len, NULL, 0, &count, &read.error);
  if (sized == HG_DOCUMENT_ERROR) {
    read.status = sized;
  } else {
    CHECK(sized == (count == 0 ? HG_OK : HG_BUFFER_TOO_SMALL));
    read.tools = calloc(count ? count : 1, sizeof(HgTool));
    if (read.tools == NULL) exit(3);
    size_t again = 0;
    read.status = hg_read_tools(doc->data, doc->len, read.tools, count, &again, &read.error);
    CHECK(read.status == HG_OK);
    CHECK(again == count);
    read.count = count;
  }

  /* The visitor sees the same tools, or the same error. */
  Visited seen = {calloc(read.count ? read.count : 1, sizeof(HgTool)), 0, read.count};
  if (seen.tools == NULL) exit(3);
  HgDocumentError visit_error;
  HgStatus visited = hg_visit_tools(doc->data, doc->len, collect, &seen, &visit_error);
  CHECK(visited == read.status);
  if (visited == HG_OK) {
    CHECK(seen.count == read.count);
    for (size_t i = 0; i < seen.count && i < read.count; i++)
      CHECK(same_tool(&seen.tools[i], &read.tools[i]));
  } else if (read.status == HG_DOCUMENT_ERROR) {
    CHECK(visit_error.kind == read.error.kind && visit_error.offset == read.error.offset);
  }
  free(seen.tools);

  /* hg_read_tool reads a lone Tool, refuses a list, and fails alike. */
  HgTool one;
  HgDocumentError one_error;
  HgStatus single = hg_read_tool(doc->data, doc->len, &one, &one_error);
  if (single == HG_OK) {
    CHECK(read.status == HG_OK && read.count == 1);
    if (read.count == 1) CHECK(same_tool(&one, &read.tools[0]));
  } else {
    CHECK(single == HG_DOCUMENT_ERROR);
    if (read.status == HG_DOCUMENT_ERROR)
      CHECK(one_error.kind == read.error.kind && one_error.offset == read.error.offset);
    else
      CHECK(one_error.kind == HG_DOCUMENT_ERROR_KIND_NOT_A_TOOL);
  }
  return read;
}

/* ---- policies --------------------------------------------------------- */

/* Reads a POLICY token; on failure gives the policy error word. */
static HgStatus policy_of(const char *token, HgPolicy *policy, const char **error_word) {
  *error_word = NULL;
  if (strncmp(token, "p:", 2) == 0) {
    HgPreset preset;
    HgStatus parsed = hg_preset_parse(token + 2, strlen(token + 2), &preset);
    if (parsed == HG_UNKNOWN_WORD) {
      *error_word = "unknown_preset";
      return parsed;
    }
    CHECK_STATUS(parsed, HG_OK);
    CHECK_STR(hg_preset_name(preset), token + 2);
    return hg_policy_preset(preset, policy);
  }
  if (strncmp(token, "j:", 2) == 0 || strncmp(token, "t:", 2) == 0) {
    Bytes json = unhex(token + 2);
    HgPolicyError error;
    HgStatus status = hg_policy_from_json(json.data, json.len, policy, &error);
    if (status == HG_POLICY_ERROR) *error_word = hg_policy_error_kind_name(error.kind);
    free(json.data);
    return status;
  }
  fprintf(stderr, "%s: bad policy token %s\n", check_context, token);
  exit(2);
}

/* ---- the record kinds ------------------------------------------------- */

static unsigned long decisions_run;

static void run_decision(const HgTool *tool, char *rest) {
  HgPolicy policy = 0;
  const char *error_word;
  CHECK_STATUS(policy_of(need(&rest), &policy, &error_word), HG_OK);
  HgContext ctx = {0};
  ctx.trusted = flag(need(&rest));
  ctx.offline = flag(need(&rest));
  const char *scopes = need(&rest);
  HgText granted[16];
  Bytes held[16];
  size_t held_count = 0;
  if (strcmp(scopes, "-") != 0) {
    ctx.check_scopes = true;
    char list[4096];
    snprintf(list, sizeof list, "%s", scopes + 1);
    char *cursor = list;
    for (char *item = next_item(&cursor); item; item = next_item(&cursor)) {
      if (held_count == 16) exit(2);
      held[held_count] = unhex(item);
      granted[held_count].ptr = (const char *)held[held_count].data;
      granted[held_count].len = held[held_count].len;
      held_count++;
    }
    ctx.scopes = granted;
    ctx.scope_count = held_count;
  }
  HgDecision d;
  CHECK_STATUS(hg_decide(tool, policy, &ctx, &d), HG_OK);
  decisions_run++;
  CHECK_STR(hg_risk_name(d.risk), need(&rest));
  CHECK_STR(hg_action_name(d.action), need(&rest));
  CHECK_STR(hg_reason_name(d.reason), need(&rest));
  CHECK_STR(hg_retry_name(d.retry), need(&rest));
  CHECK(d.audit == flag(need(&rest)));
  CHECK(d.secret == flag(need(&rest)));
  CHECK(d.progress == flag(need(&rest)));
  char effective[256];
  hint_set_words(d.effective, effective, sizeof effective);
  CHECK_STR(effective, need(&rest));
  CHECK(d.needs_confirmation == (d.action == HG_ACTION_CONFIRM));
  bool confirm = !d.needs_confirmation;
  CHECK_STATUS(hg_needs_confirmation(tool, policy, &ctx, &confirm), HG_OK);
  CHECK(confirm == (d.action == HG_ACTION_CONFIRM));
  char sentence[256];
  size_t len = 0;
  CHECK_STATUS(hg_decision_explain(&d, sentence, sizeof sentence, &len), HG_OK);
  CHECK(len > 0 && strlen(sentence) == len);
  for (size_t i = 0; i < held_count; i++) free(held[i].data);
}

static void run_tool(const HgTool *tool, char *rest) {
  check_text("name", &tool->name, need(&rest));
  HgStr display;
  CHECK_STATUS(hg_tool_display_name(tool, &display), HG_OK);
  check_text("display_name", &display, need(&rest));
  CHECK((unsigned long)tool->hints == strtoul(need(&rest), NULL, 10));
  HgFindings findings = 0xFF;
  CHECK_STATUS(hg_lint(tool, &findings), HG_OK);
  char words[512];
  finding_words(findings, words, sizeof words);
  CHECK_STR(words, need(&rest));
  const char *error = need(&rest);
  if (strcmp(error, "-") == 0)
    CHECK(tool->valid);
  else
    CHECK(!tool->valid && strcmp(hg_invalid_kind_name(tool->invalid_kind), error) == 0);
}

static void run_hints(char *rest) {
  HgHints bits = (HgHints)strtoul(need(&rest), NULL, 10);
  int valid = flag(need(&rest));
  CHECK((hg_hints_check(bits) == HG_OK) == valid);
  if (!valid) {
    HgHintSet set;
    CHECK_STATUS(hg_hints_effective(bits, &set), HG_INVALID_ARGUMENT);
    return;
  }
  /* Declared values: every expected pair matches, and nothing else is declared. */
  char pairs[512];
  snprintf(pairs, sizeof pairs, "%s", need(&rest) + 1);
  size_t expected_declared = 0;
  char *cursor = pairs;
  for (char *pair = next_item(&cursor); pair; pair = next_item(&cursor)) {
    char *eq = strchr(pair, '=');
    if (eq == NULL) exit(2);
    *eq = 0;
    HgHint hint;
    CHECK_STATUS(hg_hint_parse(pair, strlen(pair), &hint), HG_OK);
    bool declared = false, value = false;
    CHECK_STATUS(hg_hints_declared(bits, hint, &declared, &value), HG_OK);
    CHECK(declared && value == (eq[1] == '1'));
    expected_declared++;
  }
  size_t declared_count = 0;
  HgHints rebuilt = 0;
  for (uint8_t hint = 0; hint < 6; hint++) {
    bool declared = false, value = false;
    CHECK_STATUS(hg_hints_declared(bits, hint, &declared, &value), HG_OK);
    if (declared) {
      declared_count++;
      CHECK_STATUS(hg_hints_with(rebuilt, hint, value, &rebuilt), HG_OK);
    }
  }
  CHECK(declared_count == expected_declared);
  CHECK(rebuilt == bits);
  HgHintSet effective;
  CHECK_STATUS(hg_hints_effective(bits, &effective), HG_OK);
  char words[256];
  hint_set_words(effective, words, sizeof words);
  CHECK_STR(words, need(&rest));
}

/* Checks that `json` is a flat object whose members are exactly `members`
 * (each the compact text `"key":value`), in any order. */
static void check_members(const char *what, const char *json, const char *members) {
  size_t expected = 0;
  char list[2048];
  snprintf(list, sizeof list, "%s", members + 1);
  char *cursor = list;
  for (char *item = next_item(&cursor); item; item = next_item(&cursor)) {
    Bytes member = unhex(item);
    checks_run++;
    if (strstr(json, (char *)member.data) == NULL) {
      checks_failed++;
      fprintf(stderr, "%s: %s %s lacks %s\n", check_context, what, json, member.data);
    }
    free(member.data);
    expected++;
  }
  size_t commas = 0;
  for (const char *c = json; *c; c++) commas += *c == ',';
  size_t n = strlen(json);
  CHECK(n >= 2 && json[0] == '{' && json[n - 1] == '}');
  CHECK(commas + 1 == expected);
}

static void run_tier(char *rest) {
  Bytes word = unhex(need(&rest));
  int known = flag(need(&rest));
  HgTier tier;
  HgStatus parsed = hg_tier_parse((const char *)word.data, word.len, &tier);
  free(word.data);
  CHECK(parsed == (known ? HG_OK : HG_UNKNOWN_WORD));
  if (!known || parsed != HG_OK) return;
  HgRisk risk;
  CHECK_STATUS(hg_tier_risk(tier, &risk), HG_OK);
  CHECK_STR(hg_risk_name(risk), need(&rest));
  HgHints stamp;
  CHECK_STATUS(hg_tier_stamp(tier, &stamp), HG_OK);
  CHECK((unsigned long)stamp == strtoul(need(&rest), NULL, 10));
  char annotations[192], meta[192], both[192], expect_both[420];
  size_t len, needed;
  CHECK_STATUS(hg_tier_stamp_json(tier, 1, annotations, sizeof annotations, &len), HG_OK);
  check_members("annotations", annotations, need(&rest));
  CHECK_STATUS(hg_tier_stamp_json(tier, 2, meta, sizeof meta, &len), HG_OK);
  check_members("meta", meta, need(&rest));
  CHECK_STATUS(hg_tier_stamp_json(tier, 0, both, sizeof both, &len), HG_OK);
  snprintf(expect_both, sizeof expect_both, "{\"annotations\":%s,\"_meta\":%s}", annotations, meta);
  CHECK_STR(both, expect_both);
  /* One byte short: nothing written but the capacity needed. */
  CHECK_STATUS(hg_tier_stamp_json(tier, 0, both, len, &needed), HG_BUFFER_TOO_SMALL);
  CHECK(needed == len + 1);
  CHECK_STR(both, expect_both);
}

static void run_policy(char *rest) {
  HgPolicy policy = 0;
  const char *error_word;
  HgStatus status = policy_of(need(&rest), &policy, &error_word);
  const char *outcome = need(&rest);
  if (strcmp(outcome, "error") == 0) {
    CHECK(status != HG_OK);
    CHECK_STR(error_word, need(&rest));
    return;
  }
  CHECK_STATUS(status, HG_OK);
  CHECK((unsigned long)policy == strtoul(need(&rest), NULL, 10));
  bool costly = false;
  CHECK_STATUS(hg_policy_confirm_costly(policy, &costly), HG_OK);
  CHECK(costly == flag(need(&rest)));
  char pairs[512];
  snprintf(pairs, sizeof pairs, "%s", need(&rest) + 1);
  size_t classes = 0;
  char *cursor = pairs;
  for (char *pair = next_item(&cursor); pair; pair = next_item(&cursor)) {
    char *eq = strchr(pair, '=');
    if (eq == NULL) exit(2);
    *eq = 0;
    HgRisk risk;
    HgAction action;
    CHECK_STATUS(hg_risk_parse(pair, strlen(pair), &risk), HG_OK);
    CHECK_STATUS(hg_policy_action(policy, risk, &action), HG_OK);
    CHECK_STR(hg_action_name(action), eq + 1);
    classes++;
  }
  CHECK(classes == 6);
  /* Written as JSON, it reads back as itself. */
  char json[160];
  size_t len;
  HgPolicy again = 0;
  CHECK_STATUS(hg_policy_to_json(policy, json, sizeof json, &len), HG_OK);
  CHECK_STATUS(hg_policy_from_json((const uint8_t *)json, len, &again, NULL), HG_OK);
  CHECK(again == policy);
}

static void run_parallel(char *rest) {
  Bytes doc = unhex(need(&rest));
  HgContext ctx = {0};
  ctx.trusted = flag(need(&rest));
  Read read = read_all(&doc);
  CHECK_STATUS(read.status, HG_OK);
  HgDecision *decisions = calloc(read.count ? read.count : 1, sizeof(HgDecision));
  if (decisions == NULL) exit(3);
  for (size_t i = 0; i < read.count; i++)
    CHECK_STATUS(hg_decide(&read.tools[i], HG_POLICY_DEFAULT, &ctx, &decisions[i]), HG_OK);
  bool parallel = false;
  CHECK_STATUS(hg_may_run_in_parallel(decisions, read.count, &parallel), HG_OK);
  CHECK(parallel == flag(need(&rest)));
  free(decisions);
  free(read.tools);
  free(doc.data);
}

/* ---- the file --------------------------------------------------------- */

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s FLAT_VECTORS\n", argv[0]);
    return 2;
  }
  FILE *file = fopen(argv[1], "rb");
  if (file == NULL) {
    perror(argv[1]);
    return 2;
  }
  unsigned long files = 0, cases_expected = 0, cases = 0, tools_run = 0;
  char id[512] = "";
  Bytes doc = {NULL, 0};
  Read read = {HG_OK, {0}, NULL, 0};
  size_t tool_index = 0;
  const HgTool *tool = NULL;
  static char line[1 << 20];
  while (fgets(line, sizeof line, file)) {
    size_t n = strlen(line);
    if (n && line[n - 1] == '\n') line[--n] = 0;
    char *rest = line;
    const char *record = next_token(&rest);
    if (record == NULL) continue;
    if (strcmp(record, "vectors") == 0) {
      files = strtoul(need(&rest), NULL, 10);
      cases_expected = strtoul(need(&rest), NULL, 10);
    } else if (strcmp(record, "case") == 0) {
      need(&rest);
      snprintf(id, sizeof id, "%s", need(&rest));
      check_context = id;
      tool_index = 0;
      tool = NULL;
    } else if (strcmp(record, "doc") == 0) {
      doc = unhex(need(&rest));
      read = read_all(&doc);
    } else if (strcmp(record, "error") == 0) {
      CHECK_STATUS(read.status, HG_DOCUMENT_ERROR);
      CHECK_STR(hg_document_error_kind_name(read.error.kind), need(&rest));
      CHECK((unsigned long)read.error.offset == strtoul(need(&rest), NULL, 10));
      check_text("error.message", &read.error.message, need(&rest));
      char line_text[512];
      size_t len = 0;
      CHECK_STATUS(hg_document_error_describe(&read.error, line_text, sizeof line_text, &len), HG_OK);
      CHECK(len > 0);
    } else if (strcmp(record, "tools") == 0) {
      CHECK_STATUS(read.status, HG_OK);
      CHECK((unsigned long)read.count == strtoul(need(&rest), NULL, 10));
    } else if (strcmp(record, "tool") == 0) {
      tool = tool_index < read.count ? &read.tools[tool_index] : NULL;
      tool_index++;
      CHECK(tool != NULL);
      if (tool) run_tool(tool, rest);
      tools_run++;
    } else if (strcmp(record, "decision") == 0) {
      CHECK(tool != NULL);
      if (tool) run_decision(tool, rest);
    } else if (strcmp(record, "hints") == 0) {
      run_hints(rest);
    } else if (strcmp(record, "tier") == 0) {
      run_tier(rest);
    } else if (strcmp(record, "policy") == 0) {
      run_policy(rest);
    } else if (strcmp(record, "parallel") == 0) {
      run_parallel(rest);
    } else if (strcmp(record, "end") == 0) {
      CHECK(tool_index == read.count);
      free(doc.data);
      free(read.tools);
      doc = (Bytes){NULL, 0};
      read = (Read){HG_OK, {0}, NULL, 0};
      cases++;
      check_context = "";
    } else {
      fprintf(stderr, "unknown record %s\n", record);
      return 2;
    }
  }
  fclose(file);
  check_context = "totals";
  CHECK(files > 0 && cases == cases_expected);
  printf("C vectors: %lu files, %lu cases, %lu tools, %lu decisions\n", files, cases, tools_run,
         decisions_run);
  return check_summary("C vector suite");
}
