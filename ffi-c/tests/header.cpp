// The header compiles as C++17 and links from C++: enums are typed, structs
// aggregate-initialise, and the functions have C linkage.
#include "hintgate.h"

#include <cstdio>
#include <cstring>
#include <type_traits>

static_assert(std::is_same<std::underlying_type<HgRisk>::type, uint8_t>::value,
              "enums carry the core's uint8_t numbers");
static_assert(sizeof(HgDecision) <= 16, "a decision stays small");

int main() {
  static const char json[] = R"({"name":"list_repos","annotations":{"readOnlyHint":true}})";
  HgTool tool{};
  if (hg_read_tool(reinterpret_cast<const uint8_t *>(json), sizeof json - 1, &tool, nullptr) != HG_OK)
    return 1;
  HgContext ctx{};
  ctx.trusted = true;
  HgDecision d{};
  if (hg_decide(&tool, HG_POLICY_DEFAULT, &ctx, &d) != HG_OK) return 1;
  bool ok = d.action == HG_ACTION_ALLOW && d.risk == HG_RISK_READ &&
            std::strcmp(hg_reason_name(d.reason), "policy") == 0;
  std::printf("C++17 header: %s\n", ok ? "ok" : "FAILED");
  return ok ? 0 : 1;
}
