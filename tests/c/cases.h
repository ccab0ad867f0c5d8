/* Test-only reader of the repetition case file (JSON lines): just the fields the C and C++ tests compare. */
#ifndef XQ_TEST_CASES_H
#define XQ_TEST_CASES_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    char **items;
    size_t count;
} string_list;

typedef struct {
    char *id;
    char *fen;
    string_list moves;
    int has_classes;       /* whether the case lists "expected_classes" */
    string_list classes;   /* as written: "chase", "idle:exchange", ... */
    char *seed_verdict;    /* "seed_verdict", or NULL */
    char *expected_verdict;
} repetition_case;

/* Reads every non-blank line of `path`. Returns 0 and fills *cases / *count, or -1 with a message on stderr. */
int cases_load(const char *path, repetition_case **cases, size_t *count);
void cases_free(repetition_case *cases, size_t count);

/* The class name of a book label: the part before ':' ("idle:exchange" gives "idle"), into buf. */
void class_name_of(const char *label, char *buf, size_t len);

#ifdef __cplusplus
}
#endif

#endif
