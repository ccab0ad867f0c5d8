// The repetition cases through the C++ wrapper (this translation unit), and the wrapper's own behaviour
// (test_wrapper.cpp, a second unit including the same header). Usage: test_cpp CASES.jsonl DATA_DIR
#include <cstdio>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "cases.h"
#include "xiangqi.hpp"

int run_wrapper_tests(const char *data_dir);

namespace {

const std::pair<xiangqi::Rules, const char *> verdict_disagreements[] = {
    {xiangqi::Rules::Axf, "fsf-test-22"},
    {xiangqi::Rules::Axf, "fsf-test-25"},
    {xiangqi::Rules::Axf, "fsf-test-27"},
};

const char *rules_name(xiangqi::Rules rules) {
    switch (rules) {
    case xiangqi::Rules::Cxa: return "cxa";
    case xiangqi::Rules::Cxa2020: return "cxa2020";
    case xiangqi::Rules::Axf: return "axf";
    }
    return "?";
}

struct Tally {
    std::size_t classes_ok = 0, classes_total = 0, verdicts_ok = 0, verdicts_total = 0, disagreements = 0;
};

int failures = 0;

void judge(const repetition_case &rc, xiangqi::Rules rules, Tally &tally) {
    const std::string id = rc.id;
    xiangqi::Game game = xiangqi::Game::from_fen(rc.fen, rules);
    int key_point_calls = 0;
    if (id == "cxa2020-ch8-fig18") {
        game.set_key_point([&key_point_calls](const xiangqi::Position &before, xiangqi::Move move) {
            key_point_calls++;
            return before.fen().rfind("4ka3/4a4/b3b4/9/9/3R5/4n4/3Ar4/3KA4/9 w", 0) == 0 && move.iccs() == "d4e4";
        });
    }
    for (std::size_t i = 0; i < rc.moves.count; i++) game.push(xiangqi::Move::from_iccs(rc.moves.items[i]));
    // A copy judges the same (and carries the key-point judgement along).
    xiangqi::Game copy = game.clone();

    if (rc.has_classes) {
        bool all = rc.classes.count == game.size();
        for (std::size_t i = 0; all && i < game.size(); i++) {
            char book[32];
            class_name_of(rc.classes.items[i], book, sizeof book);
            xiangqi::Classification c = copy.classify(i);
            tally.classes_total++;
            if (c.name == book) {
                tally.classes_ok++;
            } else {
                all = false;
                std::fprintf(stderr, "%s (%s): ply %zu: class %s, book %s\n", rc.id, rules_name(rules), i + 1,
                             c.name.c_str(), book);
            }
        }
        if (!all) failures++;
    }
    const char *expected = rules == xiangqi::Rules::Cxa ? rc.seed_verdict : rc.expected_verdict;
    std::string summary = copy.verdict_summary();
    bool listed = false;
    for (const auto &d : verdict_disagreements) listed = listed || (d.first == rules && id == d.second);
    bool agree = expected != nullptr && summary == expected;
    tally.verdicts_total++;
    tally.verdicts_ok += agree ? 1 : 0;
    tally.disagreements += listed ? 1 : 0;
    if (agree == listed) {
        std::fprintf(stderr, "%s (%s): verdict %s, expected %s\n", rc.id, rules_name(rules), summary.c_str(),
                     expected ? expected : "(none)");
        failures++;
    }
    if (game.verdict_summary() != summary || copy.verdict_explanation().empty()) failures++;
    if (id == "cxa2020-ch8-fig18" && key_point_calls == 0) {
        std::fprintf(stderr, "%s: the key-point judgement was never called\n", rc.id);
        failures++;
    }
}

}  // namespace

int main(int argc, char **argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: %s CASES.jsonl DATA_DIR\n", argv[0]);
        return 2;
    }
    repetition_case *cases = nullptr;
    std::size_t count = 0;
    if (cases_load(argv[1], &cases, &count) != 0 || count == 0) return 2;
    std::printf("repetition cases through the C++ wrapper (%zu cases):\n", count);
    for (xiangqi::Rules rules : {xiangqi::Rules::Cxa, xiangqi::Rules::Cxa2020, xiangqi::Rules::Axf}) {
        Tally tally;
        for (std::size_t i = 0; i < count; i++) {
            bool book_2020 = std::strncmp(cases[i].id, "cxa2020", 7) == 0;
            if (book_2020 == (rules == xiangqi::Rules::Axf)) continue;
            try {
                judge(cases[i], rules, tally);
            } catch (const xiangqi::Error &e) {
                std::fprintf(stderr, "%s: %s: %s\n", cases[i].id, e.status_name(), e.what());
                failures++;
            }
        }
        std::printf("  %s: per-move classes %zu/%zu, verdicts %zu/%zu (%zu known disagreements)\n", rules_name(rules),
                    tally.classes_ok, tally.classes_total, tally.verdicts_ok, tally.verdicts_total,
                    tally.disagreements);
    }
    cases_free(cases, count);
    int wrapper_failures = run_wrapper_tests(argv[2]);
    if (failures > 0 || wrapper_failures > 0) {
        std::fprintf(stderr, "test_cpp: %d unexpected case results, %d wrapper failures\n", failures,
                     wrapper_failures);
        return 1;
    }
    std::printf("test_cpp: all as expected\n");
    return 0;
}
