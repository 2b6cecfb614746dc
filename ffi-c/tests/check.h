/* Checks for the C suites that survive NDEBUG: a failed check prints where
 * and what, counts, and the suite goes on; main() returns failure at the end. */
#ifndef HINTGATE_TEST_CHECK_H
#define HINTGATE_TEST_CHECK_H

#include <stdio.h>
#include <string.h>

static unsigned long checks_run;
static unsigned long checks_failed;
static const char *check_context = "";

#define CHECK(cond)                                                            \
  do {                                                                         \
    checks_run++;                                                              \
    if (!(cond)) {                                                             \
      checks_failed++;                                                         \
      fprintf(stderr, "%s:%d: %s: check failed: %s\n", __FILE__, __LINE__,     \
              check_context, #cond);                                           \
    }                                                                          \
  } while (0)

#define CHECK_STATUS(call, expected)                                           \
  do {                                                                         \
    HgStatus check_status_ = (call);                                           \
    checks_run++;                                                              \
    if (check_status_ != (expected)) {                                         \
      checks_failed++;                                                         \
      fprintf(stderr, "%s:%d: %s: %s gave %s, expected %s\n", __FILE__,        \
              __LINE__, check_context, #call,                                  \
              hg_status_name((int32_t)check_status_),                          \
              hg_status_name((int32_t)(expected)));                            \
    }                                                                          \
  } while (0)

#define CHECK_STR(actual, expected)                                            \
  do {                                                                         \
    const char *check_a_ = (actual), *check_e_ = (expected);                   \
    checks_run++;                                                              \
    if (check_a_ == NULL || check_e_ == NULL || strcmp(check_a_, check_e_)) {  \
      checks_failed++;                                                         \
      fprintf(stderr, "%s:%d: %s: %s is \"%s\", expected \"%s\"\n", __FILE__,  \
              __LINE__, check_context, #actual,                                \
              check_a_ ? check_a_ : "(null)", check_e_ ? check_e_ : "(null)"); \
    }                                                                          \
  } while (0)

/* Prints the suite's summary line and gives main()'s exit status. */
static int check_summary(const char *suite) {
  printf("%s: %lu checks, %lu failed\n", suite, checks_run, checks_failed);
  return checks_failed == 0 && checks_run > 0 ? 0 : 1;
}

#endif
