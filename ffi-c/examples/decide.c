/* Reads a tools/list result (or a JSON-RPC response, one tool, an array of
 * tools) from stdin and prints each tool's decision, one line per tool.
 *
 *   decide [--trusted] [--offline] [--policy NAME] < tools-list.json
 *
 * Build: cc decide.c $(pkg-config --cflags --libs --static hintgate)
 * Exit status: 0, or 2 when the input is not a document hintgate reads. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <hintgate.h>

typedef struct Gate {
  HgPolicy policy;
  HgContext ctx;
  size_t counts[3]; /* by HgAction */
} Gate;

/* Prints an HgStr decoded, or "-" when absent. */
static void print_str(const HgStr *s) {
  char buf[256];
  size_t len;
  if (s->ptr == NULL) {
    fputs("-", stdout);
  } else if (hg_str_decode(s, buf, sizeof buf, &len) == HG_OK) {
    fputs(buf, stdout);
  } else {
    printf("%.*s", (int)(s->len < 250 ? s->len : 250), s->ptr); /* too long: raw */
  }
}

static bool print_decision(void *context, size_t index, const HgTool *tool) {
  Gate *gate = context;
  HgDecision d;
  HgStr name;
  (void)index;
  if (hg_decide(tool, gate->policy, &gate->ctx, &d) != HG_OK ||
      hg_tool_display_name(tool, &name) != HG_OK)
    return false;
  gate->counts[d.action]++;
  printf("%-8s %-12s %-19s %-9s ", hg_action_name(d.action), hg_risk_name(d.risk),
         hg_reason_name(d.reason), hg_retry_name(d.retry));
  print_str(&name);
  putchar('\n');
  return true;
}

int main(int argc, char **argv) {
  Gate gate = {HG_POLICY_DEFAULT, {0}, {0}};
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--trusted") == 0) {
      gate.ctx.trusted = true;
    } else if (strcmp(argv[i], "--offline") == 0) {
      gate.ctx.offline = true;
    } else if (strcmp(argv[i], "--policy") == 0 && i + 1 < argc) {
      HgPreset preset;
      const char *name = argv[++i];
      if (hg_preset_parse(name, strlen(name), &preset) != HG_OK ||
          hg_policy_preset(preset, &gate.policy) != HG_OK) {
        fprintf(stderr, "decide: unknown policy %s\n", name);
        return 2;
      }
    } else {
      fprintf(stderr, "usage: decide [--trusted] [--offline] [--policy NAME] < tools.json\n");
      return 2;
    }
  }

  /* The whole of stdin: the tools' strings are views into this buffer. */
  size_t len = 0, cap = 1 << 16;
  unsigned char *json = malloc(cap);
  for (size_t got; json && (got = fread(json + len, 1, cap - len, stdin)) > 0;) {
    len += got;
    if (len == cap) json = realloc(json, cap *= 2);
  }
  if (json == NULL) {
    fputs("decide: out of memory\n", stderr);
    return 2;
  }

  HgDocumentError error;
  HgStatus status = hg_visit_tools(json, len, print_decision, &gate, &error);
  if (status != HG_OK) {
    char why[512];
    size_t n;
    if (status == HG_DOCUMENT_ERROR && hg_document_error_describe(&error, why, sizeof why, &n) == HG_OK)
      fprintf(stderr, "decide: %s\n", why);
    else
      fprintf(stderr, "decide: %s\n", hg_status_name(status));
    free(json);
    return 2;
  }
  printf("%zu allow, %zu confirm, %zu deny\n", gate.counts[HG_ACTION_ALLOW],
         gate.counts[HG_ACTION_CONFIRM], gate.counts[HG_ACTION_DENY]);
  free(json);
  return 0;
}
