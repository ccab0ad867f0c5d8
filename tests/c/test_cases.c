/* The repetition cases through the C API: per-move classes and verdicts under each rule set, compared as
 * xiangqi-core/tests/repetition_cases.rs compares them, with the same list of known disagreements.
 * Usage: test_cases CASES.jsonl */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cases.h"
#include "xiangqi.h"

/* Cases whose verdict differs under a rule set (each explained in docs/arbiter.md). */
static const struct {
    uint32_t rules;
    const char *id;
} verdict_disagreements[] = {
    {XQ_RULES_AXF, "fsf-test-22"},
    {XQ_RULES_AXF, "fsf-test-25"},
    {XQ_RULES_AXF, "fsf-test-27"},
};

static const char *rules_name(uint32_t rules) {
    return rules == XQ_RULES_CXA ? "cxa" : rules == XQ_RULES_CXA2020 ? "cxa2020" : "axf";
}

static int failures = 0;

static void fail_status(const char *id, const char *what, XqStatus status) {
    char message[512];
    xq_last_error_message(message, sizeof message);
    fprintf(stderr, "%s: %s: %s: %s\n", id, what, xq_status_name(status), message);
    failures++;
}

/* The book's figure 18: the arbiter rules that the red chariot's move to e4 occupies a defensive key point. */
static int figure_18_key_point(const XqPosition *before, XqMove mv, void *user) {
    static const char prefix[] = "4ka3/4a4/b3b4/9/9/3R5/4n4/3Ar4/3KA4/9 w";
    char fen[128];
    int *calls = (int *)user;
    (*calls)++;
    if (xq_position_fen(before, fen, sizeof fen, NULL) != XQ_STATUS_OK) return 0;
    return strncmp(fen, prefix, strlen(prefix)) == 0 && mv.from == 3 + 4 * 9 && mv.to == 4 + 4 * 9;
}

/* The verdict's text, by the two-call pattern: ask for the length, then fetch. Returns malloc'd text. */
static char *verdict_text(const XqGame *game, int explanation) {
    size_t needed = 0;
    char *text;
    XqStatus status = explanation ? xq_game_verdict_explanation(game, NULL, 0, &needed)
                                  : xq_game_verdict_summary(game, NULL, 0, &needed);
    if (status != XQ_STATUS_BUFFER_TOO_SMALL || needed == 0) return NULL;
    text = (char *)malloc(needed + 1);
    if (text == NULL) return NULL;
    status = explanation ? xq_game_verdict_explanation(game, text, needed + 1, NULL)
                         : xq_game_verdict_summary(game, text, needed + 1, NULL);
    if (status != XQ_STATUS_OK || strlen(text) != needed) {
        free(text);
        return NULL;
    }
    return text;
}

/* The structured verdict must say what the summary says. */
static void check_verdict_data(const char *id, const XqGame *game, const char *summary) {
    XqVerdict v;
    const char *expected;
    XqStatus status = xq_game_verdict(game, &v);
    size_t len = 0, ply;
    if (status != XQ_STATUS_OK) {
        fail_status(id, "xq_game_verdict", status);
        return;
    }
    if (v.kind == XQ_VERDICT_KIND_CONTINUE) expected = "continue";
    else if (v.kind == XQ_VERDICT_KIND_DRAW) expected = "draw";
    else expected = v.side == XQ_COLOR_RED ? "red loses" : v.side == XQ_COLOR_BLACK ? "black loses" : "draw";
    if (strcmp(expected, summary) != 0) {
        fprintf(stderr, "%s: verdict data says %s, summary %s\n", id, expected, summary);
        failures++;
    }
    xq_game_len(game, &len);
    if (v.kind != XQ_VERDICT_KIND_CONTINUE && (v.article == NULL || v.article[0] == '\0')) {
        fprintf(stderr, "%s: a ruling without an article\n", id);
        failures++;
    }
    if (v.window_start > v.window_end || v.window_end > len) {
        fprintf(stderr, "%s: window %lu-%lu outside the game's %lu plies\n", id, (unsigned long)v.window_start,
                (unsigned long)v.window_end, (unsigned long)len);
        failures++;
    }
    for (ply = v.window_start; ply < v.window_end; ply++) {
        XqClassification c;
        size_t t;
        if (xq_game_classify(game, ply, &c) != XQ_STATUS_OK) {
            failures++;
            continue;
        }
        for (t = 0; t < c.chase_count; t++) {
            XqChaseTarget target;
            char text[256];
            if (xq_game_chase_target(game, ply, XQ_CHASE_LIST_CHASES, t, &target) != XQ_STATUS_OK ||
                target.target >= XQ_SQUARE_COUNT || target.attacker >= XQ_SQUARE_COUNT ||
                xq_game_chase_description(game, ply, XQ_CHASE_LIST_CHASES, t, text, sizeof text, NULL) !=
                    XQ_STATUS_OK) {
                fprintf(stderr, "%s: ply %lu: chase target %lu unreadable\n", id, (unsigned long)ply,
                        (unsigned long)t);
                failures++;
            }
        }
    }
}

typedef struct {
    size_t classes_ok, classes_total, verdicts_ok, verdicts_total, disagreements, idle_ok, idle_total;
} tally;

static void judge(const repetition_case *rc, uint32_t rules, tally *t) {
    XqGame *game = NULL;
    XqStatus status;
    size_t i, len = 0;
    int key_point_calls = 0, listed = 0, agree;
    char *summary, *explanation;
    const char *expected;

    status = xq_game_from_fen(rc->fen, strlen(rc->fen), rules, &game);
    if (status != XQ_STATUS_OK) {
        fail_status(rc->id, "xq_game_from_fen", status);
        return;
    }
    if (strcmp(rc->id, "cxa2020-ch8-fig18") == 0) {
        status = xq_game_set_key_point_callback(game, figure_18_key_point, &key_point_calls);
        if (status != XQ_STATUS_OK) fail_status(rc->id, "xq_game_set_key_point_callback", status);
    }
    for (i = 0; i < rc->moves.count; i++) {
        XqMove mv;
        const char *text = rc->moves.items[i];
        status = xq_move_from_iccs(text, strlen(text), &mv);
        if (status == XQ_STATUS_OK) status = xq_game_push(game, mv);
        if (status != XQ_STATUS_OK) {
            fail_status(rc->id, text, status);
            xq_game_free(game);
            return;
        }
    }
    xq_game_len(game, &len);

    if (rc->has_classes) {
        int all = 1;
        if (rc->classes.count != len) {
            fprintf(stderr, "%s (%s): %lu classes in the book for %lu plies\n", rc->id, rules_name(rules),
                    (unsigned long)rc->classes.count, (unsigned long)len);
            failures++;
        } else {
            for (i = 0; i < len; i++) {
                XqClassification c;
                char book[32];
                status = xq_game_classify(game, i, &c);
                if (status != XQ_STATUS_OK) {
                    fail_status(rc->id, "xq_game_classify", status);
                    all = 0;
                    continue;
                }
                class_name_of(rc->classes.items[i], book, sizeof book);
                /* Idle sub-kinds are for reporting: counted, not required. */
                if (strncmp(rc->classes.items[i], "idle", 4) == 0 && strncmp(c.label, "idle", 4) == 0) {
                    t->idle_total++;
                    t->idle_ok += (size_t)(strcmp(rc->classes.items[i], c.label) == 0);
                }
                t->classes_total++;
                if (strcmp(book, c.name) == 0) {
                    t->classes_ok++;
                } else {
                    all = 0;
                    fprintf(stderr, "%s (%s): ply %lu: class %s, book %s\n", rc->id, rules_name(rules),
                            (unsigned long)i + 1, c.name, book);
                }
            }
            if (!all) failures++;
        }
    }

    summary = verdict_text(game, 0);
    explanation = verdict_text(game, 1);
    expected = rules == XQ_RULES_CXA ? rc->seed_verdict : rc->expected_verdict;
    if (summary == NULL || explanation == NULL || expected == NULL) {
        fprintf(stderr, "%s (%s): no verdict text or no expectation\n", rc->id, rules_name(rules));
        failures++;
    } else {
        for (i = 0; i < sizeof verdict_disagreements / sizeof verdict_disagreements[0]; i++) {
            if (verdict_disagreements[i].rules == rules && strcmp(verdict_disagreements[i].id, rc->id) == 0) {
                listed = 1;
            }
        }
        agree = strcmp(summary, expected) == 0;
        t->verdicts_total++;
        t->verdicts_ok += (size_t)agree;
        t->disagreements += (size_t)listed;
        if (agree == listed) {
            fprintf(stderr, "%s (%s): verdict %s, expected %s%s\n", rc->id, rules_name(rules), summary, expected,
                    listed ? " (listed as a disagreement, now agrees)" : "");
            failures++;
        }
        check_verdict_data(rc->id, game, summary);
    }
    if (strcmp(rc->id, "cxa2020-ch8-fig18") == 0 && key_point_calls == 0) {
        fprintf(stderr, "%s: the key-point callback was never called\n", rc->id);
        failures++;
    }
    free(summary);
    free(explanation);
    xq_game_free(game);
}

int main(int argc, char **argv) {
    static const uint32_t rule_sets[] = {XQ_RULES_CXA, XQ_RULES_CXA2020, XQ_RULES_AXF};
    repetition_case *cases;
    size_t count, r, i;
    if (argc != 2) {
        fprintf(stderr, "usage: %s CASES.jsonl\n", argv[0]);
        return 2;
    }
    if (cases_load(argv[1], &cases, &count) != 0) return 2;
    if (count == 0) {
        fprintf(stderr, "no cases in %s\n", argv[1]);
        return 2;
    }
    printf("repetition cases through the C API (%lu cases):\n", (unsigned long)count);
    for (r = 0; r < 3; r++) {
        tally t = {0, 0, 0, 0, 0, 0, 0};
        for (i = 0; i < count; i++) {
            int book_2020 = strncmp(cases[i].id, "cxa2020", 7) == 0;
            if (book_2020 == (rule_sets[r] == XQ_RULES_AXF)) continue;
            judge(&cases[i], rule_sets[r], &t);
        }
        printf("  %s: per-move classes %lu/%lu, verdicts %lu/%lu (%lu known disagreements), idle sub-kinds %lu/%lu\n",
               rules_name(rule_sets[r]), (unsigned long)t.classes_ok, (unsigned long)t.classes_total,
               (unsigned long)t.verdicts_ok, (unsigned long)t.verdicts_total, (unsigned long)t.disagreements,
               (unsigned long)t.idle_ok, (unsigned long)t.idle_total);
    }
    cases_free(cases, count);
    if (failures > 0) {
        fprintf(stderr, "test_cases: %d unexpected results\n", failures);
        return 1;
    }
    printf("test_cases: all as expected\n");
    return 0;
}
