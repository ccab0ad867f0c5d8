/* The C tests' counters and check macros: each failed check prints where it failed (and, for a status,
 * the library's last error message) and counts; the test's main reports the totals. */
#ifndef XQ_TEST_CHECK_H
#define XQ_TEST_CHECK_H

#include <stdio.h>

#include "xiangqi.h"

static int failures = 0;
static int checks = 0;

#define CHECK(cond)                                                                     \
    do {                                                                                \
        checks++;                                                                       \
        if (!(cond)) {                                                                  \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);    \
            failures++;                                                                 \
        }                                                                               \
    } while (0)

#define CHECK_STATUS(call, expected)                                                           \
    do {                                                                                       \
        XqStatus got_ = (call);                                                                \
        checks++;                                                                              \
        if (got_ != (expected)) {                                                              \
            char message_[256];                                                                \
            xq_last_error_message(message_, sizeof message_);                                  \
            fprintf(stderr, "%s:%d: %s gave %s, expected %s (last error: %s)\n", __FILE__,     \
                    __LINE__, #call, xq_status_name(got_), xq_status_name(expected), message_); \
            failures++;                                                                        \
        }                                                                                      \
    } while (0)

#endif
