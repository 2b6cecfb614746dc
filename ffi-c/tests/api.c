/* The C API's contract beyond the vectors: NULL pointers, invalid UTF-8,
 * bad numbers, truncated, deeply nested and oversized documents, buffers too
 * small, tools handed back with impossible fields — each a status code, with
 * the caller's outputs untouched. */
#include <stdint.h>
#include <stdlib.h>

#include "hintgate.h"
#include "check.h"

#define LEN(s) (sizeof(s) - 1)

static const char TOOL[] =
    "{\"name\":\"del\\u0065te_repo\",\"title\":\"Delete a repository\","
    "\"annotations\":{\"readOnlyHint\":false,\"destructiveHint\":true},"
    "\"_meta\":{\"x-side-effect\":\"destructive\",\"x-required-scope\":\"repo:admin\"}}";

static HgTool read_one(const char *json, size_t len) {
  HgTool tool;
  memset(&tool, 0, sizeof tool);
  CHECK_STATUS(hg_read_tool((const uint8_t *)json, len, &tool, NULL), HG_OK);
  return tool;
}

static void version(void) {
  check_context = "version";
  CHECK_STR(hg_version(), HINTGATE_VERSION);
  CHECK_STR(hg_status_name(HG_OK), "ok");
  CHECK_STR(hg_status_name(HG_INTERNAL_ERROR), "internal_error");
  CHECK(hg_status_name(9) == NULL && hg_status_name(-1) == NULL);
  CHECK(hg_risk_name(6) == NULL && hg_action_name(255) == NULL);
}

static void null_pointers(void) {
  check_context = "null pointers";
  HgTool tool = read_one(TOOL, LEN(TOOL));
  HgContext ctx = {0};
  HgDecision d;
  size_t n;
  bool b;
  HgPolicy policy;
  HgHints hints;
  CHECK_STATUS(hg_read_tool(NULL, 5, &tool, NULL), HG_NULL_POINTER);
  CHECK_STATUS(hg_read_tool((const uint8_t *)TOOL, LEN(TOOL), NULL, NULL), HG_NULL_POINTER);
  CHECK_STATUS(hg_read_tools(NULL, 3, NULL, 0, &n, NULL), HG_NULL_POINTER);
  CHECK_STATUS(hg_read_tools((const uint8_t *)"[]", 2, NULL, 0, NULL, NULL), HG_NULL_POINTER);
  CHECK_STATUS(hg_read_tools((const uint8_t *)"[]", 2, NULL, 4, &n, NULL), HG_NULL_POINTER);
  CHECK_STATUS(hg_visit_tools((const uint8_t *)"[]", 2, NULL, NULL, NULL), HG_NULL_POINTER);
  CHECK_STATUS(hg_decide(NULL, HG_POLICY_DEFAULT, &ctx, &d), HG_NULL_POINTER);
  CHECK_STATUS(hg_decide(&tool, HG_POLICY_DEFAULT, NULL, &d), HG_NULL_POINTER);
  CHECK_STATUS(hg_decide(&tool, HG_POLICY_DEFAULT, &ctx, NULL), HG_NULL_POINTER);
  CHECK_STATUS(hg_needs_confirmation(&tool, HG_POLICY_DEFAULT, &ctx, NULL), HG_NULL_POINTER);
  CHECK_STATUS(hg_lint(NULL, NULL), HG_NULL_POINTER);
  CHECK_STATUS(hg_may_run_in_parallel(NULL, 2, &b), HG_NULL_POINTER);
  CHECK_STATUS(hg_decision_explain(NULL, NULL, 0, &n), HG_NULL_POINTER);
  CHECK_STATUS(hg_str_decode(NULL, NULL, 0, &n), HG_NULL_POINTER);
  CHECK_STATUS(hg_tool_display_name(&tool, NULL), HG_NULL_POINTER);
  CHECK_STATUS(hg_policy_preset(HG_PRESET_DEFAULT, NULL), HG_NULL_POINTER);
  CHECK_STATUS(hg_policy_from_json(NULL, 10, &policy, NULL), HG_NULL_POINTER);
  CHECK_STATUS(hg_policy_new(NULL, false, &policy), HG_NULL_POINTER);
  CHECK_STATUS(hg_policy_to_json(HG_POLICY_DEFAULT, NULL, 16, &n), HG_NULL_POINTER);
  CHECK_STATUS(hg_tier_stamp(HG_TIER_READ, NULL), HG_NULL_POINTER);
  CHECK_STATUS(hg_tier_parse(NULL, 4, NULL), HG_NULL_POINTER);
  CHECK_STATUS(hg_hints_declared(0, HG_HINT_READ_ONLY, NULL, &b), HG_NULL_POINTER);
  CHECK_STATUS(hg_hints_with(0, HG_HINT_READ_ONLY, true, NULL), HG_NULL_POINTER);
  CHECK_STATUS(hg_hints_effective(0, NULL), HG_NULL_POINTER);
  (void)hints;
  /* Scopes checked but none given with a count: NULL. */
  ctx.check_scopes = true;
  ctx.scope_count = 1;
  CHECK_STATUS(hg_decide(&tool, HG_POLICY_DEFAULT, &ctx, &d), HG_NULL_POINTER);
  /* An empty input may be NULL: it is then simply not a document. */
  HgDocumentError error;
  CHECK_STATUS(hg_read_tool(NULL, 0, &tool, &error), HG_DOCUMENT_ERROR);
  CHECK(error.kind == HG_DOCUMENT_ERROR_KIND_UNEXPECTED_END && error.offset == 0);
}

static void invalid_utf8(void) {
  check_context = "invalid UTF-8";
  static const uint8_t doc[] = "{\"name\":\"caf\xc3\"}";
  HgTool tool;
  HgDocumentError error;
  CHECK_STATUS(hg_read_tool(doc, sizeof doc - 1, &tool, &error), HG_DOCUMENT_ERROR);
  CHECK(error.kind == HG_DOCUMENT_ERROR_KIND_INVALID_UTF8 && error.offset == 12);
  HgTier tier;
  CHECK_STATUS(hg_tier_parse("re\xff" "d", 4, &tier), HG_INVALID_UTF8);
  HgPreset preset;
  CHECK_STATUS(hg_preset_parse("\xc0\x80", 2, &preset), HG_INVALID_UTF8);
  /* A granted scope that is not UTF-8 is refused, not compared. */
  tool = read_one(TOOL, LEN(TOOL));
  HgText scope = {"repo:\xfe", 6};
  HgContext ctx = {true, false, true, &scope, 1};
  HgDecision d;
  d.action = 77;
  CHECK_STATUS(hg_decide(&tool, HG_POLICY_DEFAULT, &ctx, &d), HG_INVALID_UTF8);
  CHECK(d.action == 77);
  /* A tool handed back with a view that is not UTF-8. */
  tool.title.ptr = "\xff";
  tool.title.len = 1;
  ctx.check_scopes = false;
  CHECK_STATUS(hg_decide(&tool, HG_POLICY_DEFAULT, &ctx, &d), HG_INVALID_UTF8);
}

static void bad_numbers(void) {
  check_context = "bad numbers";
  HgTool tool = read_one(TOOL, LEN(TOOL));
  HgContext ctx = {0};
  HgDecision d;
  HgPolicy policy = 1234;
  HgHints hints = 4321;
  bool b;
  CHECK_STATUS(hg_decide(&tool, 0xFFFF, &ctx, &d), HG_INVALID_ARGUMENT);
  CHECK_STATUS(hg_policy_check(3 << 10), HG_INVALID_ARGUMENT); /* action 3 for destructive */
  CHECK_STATUS(hg_policy_check(HG_POLICY_PLAN), HG_OK);
  CHECK_STATUS(hg_policy_preset(5, &policy), HG_INVALID_ARGUMENT);
  CHECK(policy == 1234);
  CHECK_STATUS(hg_hints_check(0x0100), HG_INVALID_ARGUMENT); /* a value without its declared bit */
  CHECK_STATUS(hg_hints_check(HG_HINTS_RESERVED_BITS), HG_INVALID_ARGUMENT);
  CHECK_STATUS(hg_hints_with(0, 6, true, &hints), HG_INVALID_ARGUMENT);
  CHECK(hints == 4321);
  CHECK_STATUS(hg_hints_declared(0, 200, &b, &b), HG_INVALID_ARGUMENT);
  CHECK_STATUS(hg_tier_stamp(5, &hints), HG_INVALID_ARGUMENT);
  char buf[64];
  size_t n;
  CHECK_STATUS(hg_tier_stamp_json(HG_TIER_READ, 3, buf, sizeof buf, &n), HG_INVALID_ARGUMENT);
  HgAction actions[6] = {0, 0, 1, 1, 1, 3};
  CHECK_STATUS(hg_policy_new(actions, true, &policy), HG_INVALID_ARGUMENT);
  actions[5] = HG_ACTION_DENY;
  CHECK_STATUS(hg_policy_new(actions, true, &policy), HG_OK);
  HgAction action;
  CHECK_STATUS(hg_policy_action(policy, HG_RISK_DESTRUCTIVE, &action), HG_OK);
  CHECK(action == HG_ACTION_DENY);
  CHECK_STATUS(hg_policy_action(policy, 6, &action), HG_INVALID_ARGUMENT);

  /* Tools handed back with fields no reader writes are refused. */
  HgTool bad = tool;
  bad.hints = 0xFFFF;
  CHECK_STATUS(hg_decide(&bad, HG_POLICY_DEFAULT, &ctx, &d), HG_INVALID_ARGUMENT);
  bad = tool;
  bad.tier_state = HG_TIER_STATE_KNOWN;
  bad.tier = 9;
  CHECK_STATUS(hg_decide(&bad, HG_POLICY_DEFAULT, &ctx, &d), HG_INVALID_ARGUMENT);
  bad = tool;
  bad.scope_state = 3;
  CHECK_STATUS(hg_lint(&bad, (HgFindings *)&b), HG_INVALID_ARGUMENT);
  bad = tool;
  bad.name.ptr = NULL;
  bad.name.len = 0;
  CHECK_STATUS(hg_decide(&bad, HG_POLICY_DEFAULT, &ctx, &d), HG_INVALID_ARGUMENT);
  bad = tool;
  bad.name.ptr = "bad \\q escape";
  bad.name.len = 13;
  bad.name.escaped = true;
  CHECK_STATUS(hg_decide(&bad, HG_POLICY_DEFAULT, &ctx, &d), HG_INVALID_ARGUMENT);
  bad = tool;
  bad.valid = false;
  bad.invalid_kind = 6;
  CHECK_STATUS(hg_decide(&bad, HG_POLICY_DEFAULT, &ctx, &d), HG_INVALID_ARGUMENT);
  /* Any non-zero byte in a bool counts as true, as in C. */
  bad = tool;
  memset(&bad.annotated, 7, 1);
  CHECK_STATUS(hg_decide(&bad, HG_POLICY_DEFAULT, &ctx, &d), HG_OK);

  /* Decisions handed back with impossible fields. */
  CHECK_STATUS(hg_decide(&tool, HG_POLICY_DEFAULT, &ctx, &d), HG_OK);
  HgDecision batch[2] = {d, d};
  batch[1].risk = 6;
  CHECK_STATUS(hg_may_run_in_parallel(batch, 2, &b), HG_INVALID_ARGUMENT);
  batch[1].risk = HG_RISK_READ;
  batch[1].effective = 0x80;
  CHECK_STATUS(hg_decision_explain(&batch[1], buf, sizeof buf, &n), HG_INVALID_ARGUMENT);

  /* Lengths no object can have. */
  CHECK_STATUS(hg_read_tool((const uint8_t *)TOOL, (size_t)PTRDIFF_MAX + 1, &tool, NULL),
               HG_INVALID_ARGUMENT);
  HgText scope = {"x", 1};
  ctx.check_scopes = true;
  ctx.scopes = &scope;
  ctx.scope_count = SIZE_MAX / 2;
  CHECK_STATUS(hg_decide(&tool, HG_POLICY_DEFAULT, &ctx, &d), HG_INVALID_ARGUMENT);
}

static void decisions_and_text(void) {
  check_context = "decisions";
  HgTool tool = read_one(TOOL, LEN(TOOL));
  CHECK(tool.valid && tool.name.escaped);
  char name[32];
  size_t n = 0;
  CHECK_STATUS(hg_str_decode(&tool.name, name, sizeof name, &n), HG_OK);
  CHECK_STR(name, "delete_repo");
  CHECK(n == 11);
  /* Too small by one: the needed capacity, and the buffer untouched. */
  char small[11];
  memset(small, '#', sizeof small);
  CHECK_STATUS(hg_str_decode(&tool.name, small, sizeof small, &n), HG_BUFFER_TOO_SMALL);
  CHECK(n == 12 && small[0] == '#' && small[10] == '#');
  HgStr display;
  CHECK_STATUS(hg_tool_display_name(&tool, &display), HG_OK);
  CHECK(display.ptr == tool.title.ptr);

  HgText granted = {"repo:admin", 10};
  HgContext ctx = {true, false, true, &granted, 1};
  HgDecision d;
  CHECK_STATUS(hg_decide(&tool, HG_POLICY_DEFAULT, &ctx, &d), HG_OK);
  CHECK(d.action == HG_ACTION_CONFIRM && d.risk == HG_RISK_DESTRUCTIVE);
  CHECK(d.reason == HG_REASON_POLICY && d.retry == HG_RETRY_NEVER && !d.audit);
  granted.len = 9; /* "repo:admi" */
  CHECK_STATUS(hg_decide(&tool, HG_POLICY_DEFAULT, &ctx, &d), HG_OK);
  CHECK(d.action == HG_ACTION_DENY && d.reason == HG_REASON_MISSING_SCOPE);
  HgContext untrusted = {0};
  CHECK_STATUS(hg_decide(&tool, HG_POLICY_PERMISSIVE, &untrusted, &d), HG_OK);
  CHECK(d.reason == HG_REASON_UNTRUSTED && d.action == HG_ACTION_ALLOW);

  char sentence[256];
  CHECK_STATUS(hg_decision_explain(&d, sentence, sizeof sentence, &n), HG_OK);
  CHECK(n == strlen(sentence) && n > 10);
  size_t needed = 0;
  CHECK_STATUS(hg_decision_explain(&d, NULL, 0, &needed), HG_BUFFER_TOO_SMALL);
  CHECK(needed == n + 1);
  memset(small, '#', sizeof small);
  CHECK_STATUS(hg_decision_explain(&d, small, sizeof small, &needed), HG_BUFFER_TOO_SMALL);
  CHECK(small[0] == '#');

  /* An invalid tool is never allowed, whatever the policy. */
  static const char dup[] = "{\"name\":\"a\",\"name\":\"b\"}";
  HgTool invalid = read_one(dup, LEN(dup));
  CHECK(!invalid.valid && invalid.invalid_kind == HG_INVALID_KIND_DUPLICATE_KEY);
  CHECK(invalid.invalid_offset == 12 && invalid.name.ptr == NULL);
  ctx.check_scopes = false;
  CHECK_STATUS(hg_decide(&invalid, HG_POLICY_PERMISSIVE, &ctx, &d), HG_OK);
  CHECK(d.action == HG_ACTION_CONFIRM && d.reason == HG_REASON_INVALID_DEFINITION);
  HgStr none;
  CHECK_STATUS(hg_tool_display_name(&invalid, &none), HG_OK);
  CHECK(none.ptr == NULL);

  /* A tool built by hand from a host's own parser. */
  HgTool mine;
  memset(&mine, 0, sizeof mine);
  mine.valid = true;
  mine.name.ptr = "list_files";
  mine.name.len = 10;
  mine.annotated = true;
  CHECK_STATUS(hg_hints_with(0, HG_HINT_READ_ONLY, true, &mine.hints), HG_OK);
  CHECK_STATUS(hg_decide(&mine, HG_POLICY_DEFAULT, &ctx, &d), HG_OK);
  CHECK(d.action == HG_ACTION_ALLOW && d.risk == HG_RISK_READ && d.retry == HG_RETRY_SAFE);
  HgFindings findings = 0xFF;
  CHECK_STATUS(hg_lint(&mine, &findings), HG_OK);
  CHECK(findings == 0);

  /* Policies: JSON errors name the key. */
  static const char missing[] =
      "{\"read\":\"allow\",\"compute\":\"allow\",\"external\":\"deny\",\"share\":\"deny\","
      "\"spend\":\"deny\",\"destructive\":\"maybe\",\"confirm_costly\":true}";
  HgPolicy policy = 77;
  HgPolicyError perr;
  CHECK_STATUS(hg_policy_from_json((const uint8_t *)missing, LEN(missing), &policy, &perr),
               HG_POLICY_ERROR);
  CHECK(policy == 77 && perr.kind == HG_POLICY_ERROR_KIND_INVALID_ACTION);
  CHECK(perr.has_field && perr.field == HG_RISK_DESTRUCTIVE);
  HgPreset preset;
  CHECK_STATUS(hg_policy_as_preset(HG_POLICY_CAUTIOUS, &preset), HG_OK);
  CHECK(preset == HG_PRESET_CAUTIOUS);
  CHECK_STATUS(hg_policy_with_action(HG_POLICY_DEFAULT, HG_RISK_COMPUTE, HG_ACTION_CONFIRM, &policy),
               HG_OK);
  CHECK(policy == HG_POLICY_CAUTIOUS);
  CHECK_STATUS(hg_policy_as_preset(HG_POLICY_CAUTIOUS ^ (1 << 12), &preset), HG_UNKNOWN_WORD);
}

static bool stop_after_two(void *context, size_t index, const HgTool *tool) {
  size_t *seen = context;
  (void)tool;
  *seen = index + 1;
  return index < 1;
}

static void documents(void) {
  check_context = "documents";
  HgTool tools[4];
  size_t count = 99;
  HgDocumentError error;
  /* Truncated at every length: always an error with an offset, never a crash. */
  for (size_t len = 0; len < LEN(TOOL); len++) {
    memset(&error, 0xAA, sizeof error);
    CHECK_STATUS(hg_read_tools((const uint8_t *)TOOL, len, tools, 4, &count, &error),
                 HG_DOCUMENT_ERROR);
    CHECK(error.offset <= len);
  }
  /* Deeply nested: level 129 is refused where it opens. */
  size_t depth = 200000;
  char *deep = malloc(depth * 2 + 32);
  if (deep == NULL) exit(3);
  strcpy(deep, "{\"name\":\"x\",\"a\":");
  size_t at = strlen(deep);
  for (size_t i = 0; i < depth; i++) deep[at++] = '[';
  for (size_t i = 0; i < depth; i++) deep[at++] = ']';
  deep[at++] = '}';
  CHECK_STATUS(hg_read_tool((const uint8_t *)deep, at, tools, &error), HG_DOCUMENT_ERROR);
  CHECK(error.kind == HG_DOCUMENT_ERROR_KIND_TOO_DEEP && error.offset == 16 + 127);
  free(deep);

  /* Oversized: 100,000 tools (about 5 MB) in one list, read and visited. */
  size_t many = 100000;
  static const char item[] = "{\"name\":\"tool\",\"annotations\":{\"readOnlyHint\":true}},";
  char *big = malloc(many * LEN(item) + 16);
  if (big == NULL) exit(3);
  size_t len = 0;
  big[len++] = '[';
  for (size_t i = 0; i < many; i++) {
    memcpy(big + len, item, LEN(item));
    len += LEN(item);
  }
  big[len - 1] = ']';
  CHECK_STATUS(hg_read_tools((const uint8_t *)big, len, tools, 4, &count, &error),
               HG_BUFFER_TOO_SMALL);
  CHECK(count == many);
  HgTool *all = malloc(many * sizeof(HgTool));
  if (all == NULL) exit(3);
  CHECK_STATUS(hg_read_tools((const uint8_t *)big, len, all, many, &count, &error), HG_OK);
  CHECK(count == many && all[many - 1].valid && all[many - 1].hints == 0x0101);
  size_t seen = 0;
  CHECK_STATUS(hg_visit_tools((const uint8_t *)big, len, stop_after_two, &seen, NULL), HG_OK);
  CHECK(seen == 2);
  /* One byte changed at the very end makes the whole document an error,
   * and no tool is visited. */
  big[len - 1] = '}';
  seen = 0;
  CHECK_STATUS(hg_visit_tools((const uint8_t *)big, len, stop_after_two, &seen, &error),
               HG_DOCUMENT_ERROR);
  CHECK(seen == 0 && error.offset == len - 1);
  free(all);
  free(big);

  /* A JSON-RPC error response quotes the server. */
  static const char rpc[] =
      "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32601,\"message\":\"no \\\"tools\\\"\"}}";
  CHECK_STATUS(hg_read_tools((const uint8_t *)rpc, LEN(rpc), tools, 4, &count, &error),
               HG_DOCUMENT_ERROR);
  CHECK(error.kind == HG_DOCUMENT_ERROR_KIND_SERVER_ERROR && error.has_code && error.code == -32601);
  char message[64], line[128];
  size_t n;
  CHECK_STATUS(hg_str_decode(&error.message, message, sizeof message, &n), HG_OK);
  CHECK_STR(message, "no \"tools\"");
  CHECK_STATUS(hg_document_error_describe(&error, line, sizeof line, &n), HG_OK);
  CHECK(strstr(line, "no \"tools\"") != NULL);

  /* hg_read_tool refuses a list; outputs stay as they were. */
  HgTool keep;
  memset(&keep, 0x5A, sizeof keep);
  CHECK_STATUS(hg_read_tool((const uint8_t *)"[]", 2, &keep, &error), HG_DOCUMENT_ERROR);
  CHECK(error.kind == HG_DOCUMENT_ERROR_KIND_NOT_A_TOOL);
  unsigned char *bytes = (unsigned char *)&keep;
  bool untouched = true;
  for (size_t i = 0; i < sizeof keep; i++) untouched = untouched && bytes[i] == 0x5A;
  CHECK(untouched);
}

static void stamps(void) {
  check_context = "stamps";
  HgTier tier;
  CHECK_STATUS(hg_tier_parse("external_spend", 14, &tier), HG_OK);
  CHECK(tier == HG_TIER_EXTERNAL_SPEND);
  CHECK_STATUS(hg_tier_parse("external", 8, &tier), HG_UNKNOWN_WORD);
  char json[192];
  size_t n;
  CHECK_STATUS(hg_tier_stamp_json(HG_TIER_READ, HG_STAMP_PART_META, json, sizeof json, &n), HG_OK);
  CHECK_STR(json, "{\"x-side-effect\":\"read\"}");
  /* The stamp read back as a tool's definition is that tier, with no finding. */
  char tool[256];
  CHECK_STATUS(hg_tier_stamp_json(HG_TIER_COMPUTE, HG_STAMP_PART_BOTH, json, sizeof json, &n), HG_OK);
  snprintf(tool, sizeof tool, "{\"name\":\"render\",%s", json + 1);
  HgTool read = read_one(tool, strlen(tool));
  HgFindings findings = 0xFF;
  CHECK_STATUS(hg_lint(&read, &findings), HG_OK);
  CHECK(findings == 0 && read.tier_state == HG_TIER_STATE_KNOWN && read.tier == HG_TIER_COMPUTE);
}

int main(void) {
  version();
  null_pointers();
  invalid_utf8();
  bad_numbers();
  decisions_and_text();
  documents();
  stamps();
  return check_summary("C API suite");
}
