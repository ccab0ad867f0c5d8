// The C++ wrapper: RAII and move-only handles, clone(), exceptions carrying the status, string_view in,
// std::string and std::vector out, records. A second translation unit including xiangqi.hpp.
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <fstream>
#include <atomic>
#include <iterator>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#include "xiangqi.hpp"

static_assert(!std::is_copy_constructible_v<xiangqi::Position>, "Position is move-only");
static_assert(!std::is_copy_assignable_v<xiangqi::Game>, "Game is move-only");
static_assert(std::is_nothrow_move_constructible_v<xiangqi::Position>, "moves do not throw");
static_assert(std::is_nothrow_move_constructible_v<xiangqi::Game>, "moves do not throw");
static_assert(!std::is_copy_constructible_v<xiangqi::Record>, "Record is move-only");
static_assert(!std::is_copy_constructible_v<xiangqi::RecordReader>, "RecordReader is move-only");

namespace {

int failures = 0;

#define EXPECT(cond)                                                                  \
    do {                                                                              \
        if (!(cond)) {                                                                \
            std::fprintf(stderr, "%s:%d: expected %s\n", __FILE__, __LINE__, #cond); \
            failures++;                                                               \
        }                                                                             \
    } while (0)

template <class F>
XqStatus status_of(F &&f) {
    try {
        f();
    } catch (const xiangqi::Error &e) {
        if (std::string(e.what()).empty()) failures++;  // every error has a message
        return e.status();
    }
    return XQ_STATUS_OK;
}

void positions() {
    using xiangqi::Position;
    Position start;
    EXPECT(start.legal_moves().size() == 44);
    EXPECT(start.legal_moves_from(xiangqi::square("b0")).size() == 2);
    EXPECT(start.turn() == xiangqi::Color::Red);
    EXPECT(start.piece_at(xiangqi::square("e0"))->role == XQ_ROLE_GENERAL);
    EXPECT(!start.piece_at(40).has_value());

    Position pos = start.clone();
    std::string_view text = "炮二平五 and more";
    xiangqi::Move m = pos.play(text.substr(0, std::string_view("炮二平五").size()));
    EXPECT(m.iccs() == "h2e2");
    EXPECT(pos.fen() != start.fen());  // the clone is independent
    EXPECT(pos.move_text(pos.parse_move("h9g7"), xiangqi::Notation::ChineseTraditional) == "馬８進７");

    Position moved = std::move(pos);
    EXPECT(moved.get() != nullptr && pos.get() == nullptr);  // NOLINT: moved-from state is documented

    EXPECT(status_of([] { Position::from_fen("garbage"); }) == XQ_STATUS_INVALID_FEN);
    EXPECT(status_of([] { Position::from_fen("rnbkkabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"); }) ==
           XQ_STATUS_ILLEGAL_POSITION);
    EXPECT(status_of([&] { moved.play(xiangqi::Move(0, 81)); }) == XQ_STATUS_ILLEGAL_MOVE);
    EXPECT(status_of([&] { moved.play("马五进四"); }) == XQ_STATUS_INVALID_NOTATION);
    EXPECT(status_of([&] { moved.move_text(xiangqi::Move(200, 1), xiangqi::Notation::Iccs); }) ==
           XQ_STATUS_INVALID_ARGUMENT);
    EXPECT(status_of([&] { moved.move_text(xiangqi::Move::from_iccs("h0g2"), xiangqi::Notation::Auto); }) ==
           XQ_STATUS_INVALID_ARGUMENT);
    EXPECT(status_of([&] { (void)xiangqi::Move::from_iccs("z9z9"); }) == XQ_STATUS_INVALID_NOTATION);
    EXPECT(Position::validate_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P2PP1P1P/1C5C1/9/RNBAKABNR w").size() == 1);
    EXPECT(Position::validate_fen(start.fen()).empty());

    Position mate = Position::from_fen("4k4/4a4/9/9/9/9/9/9/3r1r3/4K4 w - - 0 2");
    xiangqi::PositionStatus s = mate.status();
    EXPECT(s.is_stalemate && s.winner == xiangqi::Color::Black && s.termination == XQ_TERMINATION_STALEMATE);

    Position roots = Position::from_fen("3k5/9/4c4/4R4/4n4/9/9/9/9/5K3 w - - 0 1");
    xiangqi::RootAnalysis report = roots.analyse_root(xiangqi::square("e5"), xiangqi::square("e6"));
    EXPECT(report.rooting == XQ_ROOTING_FALSE_ROOT && report.protectors.size() == 1 &&
           report.protectors[0].false_root == XQ_FALSE_ROOT_LOST_WITH_CAPTURE && report.exchange_gain == 2);
    EXPECT(status_of([&] { roots.analyse_root(40, 41); }) == XQ_STATUS_ROOT_ANALYSIS_ERROR);
}

void games() {
    xiangqi::Game game = xiangqi::Game::from_fen("2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1");
    EXPECT(!game.peek().has_value());
    EXPECT(status_of([&] { game.pop(); }) == XQ_STATUS_OUT_OF_RANGE);
    for (const char *m : {"车四平五", "f8e8"}) (void)m;
    for (const char *m : {"f0e0", "e8f8", "e0f0", "f8e8", "f0e0", "e8f8", "e0f0", "f8e8"}) game.push(m);
    xiangqi::Verdict v = game.verdict();
    EXPECT(v.kind == XQ_VERDICT_KIND_LOSS && v.side == xiangqi::Color::Red && v.reason == XQ_REASON_PERPETUAL_CHECK);
    EXPECT(v.article == "24.1, 26.1" && v.window_start == 0 && v.window_end == 8);
    EXPECT(game.verdict_summary() == "red loses");
    EXPECT(game.verdict_explanation().find("Rule 24.1") != std::string::npos);
    EXPECT(game.classify(0).move_class == XQ_MOVE_CLASS_CHECK && game.classify(0).name == "check");
    EXPECT(game.move_text(0, xiangqi::Notation::Wxf) == "R4=5");
    EXPECT(game.verdict_at(4).kind == XQ_VERDICT_KIND_CONTINUE);
    EXPECT(status_of([&] { game.classify(8); }) == XQ_STATUS_OUT_OF_RANGE);
    xiangqi::Game copy = game.clone();
    EXPECT(copy.pop() == xiangqi::Move::from_iccs("f8e8"));
    EXPECT(copy.size() == 7 && game.size() == 8 && game.moves().size() == 8);
    EXPECT(copy.verdict().kind == XQ_VERDICT_KIND_CONTINUE);
    copy.set_rules(xiangqi::Rules::Axf);
    EXPECT(copy.rules() == xiangqi::Rules::Axf && game.rules() == xiangqi::Rules::Cxa);

    // A chase with its target: the red chariot attacks the unprotected black horse.
    xiangqi::Game chase = xiangqi::Game::from_fen("4k4/9/9/9/2n6/9/9/9/9/3K4R w - - 0 1");
    chase.push("i0i5");
    xiangqi::Classification c = chase.classify(0);
    EXPECT(c.move_class == XQ_MOVE_CLASS_CHASE && c.chases.size() == 1);
    EXPECT(!c.chases.empty() && xiangqi::square_name(c.chases[0].target) == "c5" &&
           c.chases[0].rooting == XQ_ROOTING_UNROOTED && !c.chases[0].description.empty());

    // A throwing judgement counts as "no", and never escapes through the C library.
    xiangqi::Game thrower = xiangqi::Game::from_fen("4k4/9/9/9/2n6/9/9/9/9/3K4R w - - 0 1");
    thrower.set_key_point([](const xiangqi::Position &, xiangqi::Move) -> bool { throw std::runtime_error("no"); });
    thrower.push("i0i5");
    EXPECT(thrower.classify(0).move_class == XQ_MOVE_CLASS_CHASE);
    thrower.set_key_point(nullptr);
}

// Const queries on one game from several threads at once, as the header allows: classifications are
// computed once, whichever thread asks first.
void concurrent_queries() {
    xiangqi::Game game = xiangqi::Game::from_fen("2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1");
    for (const char *m : {"f0e0", "e8f8", "e0f0", "f8e8", "f0e0", "e8f8", "e0f0", "f8e8"}) game.push(m);
    std::atomic<int> calls{0}, wrong{0};
    game.set_key_point([&calls](const xiangqi::Position &, xiangqi::Move) {
        calls++;
        return false;
    });
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; t++) {
        threads.emplace_back([&game, &wrong] {
            for (std::size_t i = game.size(); i-- > 0;) {
                if (game.classify(i).name != (i % 2 == 0 ? "check" : "idle")) wrong++;
            }
            if (game.verdict_summary() != "red loses") wrong++;
        });
    }
    for (std::thread &t : threads) t.join();
    EXPECT(wrong == 0);
}

void records(const std::string &data_dir) {
    std::string pgn = "[Event \"one\"]\n[Red \"甲\"]\n1. 炮二平五 马８进７ 1-0\n\n[Event \"two\"]\n1. h2e2 h9g7 2. h2h8 *\n";
    xiangqi::RecordReader reader = xiangqi::RecordReader::from_buffer(pgn);
    EXPECT(reader.format() == xiangqi::Format::Pgn);
    std::optional<xiangqi::Record> first = reader.next();
    EXPECT(first && first->ok() && first->tag("Red") == std::optional<std::string>("甲"));
    EXPECT(first && !first->tag("Black").has_value() && first->tags().size() == 2);
    EXPECT(first && first->moves().size() == 2 && first->result() == XQ_GAME_RESULT_RED_WINS);
    EXPECT(first && first->to_game(xiangqi::Rules::Cxa2020).size() == 2);
    std::optional<xiangqi::Record> second = reader.next();
    EXPECT(second && !second->ok() && second->error_status() == XQ_STATUS_RECORD_ERROR);
    EXPECT(second && second->error_location() && second->error_location()->ply == 3);
    EXPECT(second && second->error_token() == std::optional<std::string>("h2h8"));
    EXPECT(second && second->has_game() && second->moves().size() == 2);
    EXPECT(!reader.next().has_value());

    // A truncated XQF buffer: an error when the header is cut; after it, an error saying the file is cut short,
    // with the moves up to the cut kept.
    std::ifstream file(data_dir + "/xqf/29b91541ab49.xqf", std::ios::binary);
    std::string xqf((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    EXPECT(xqf.size() > 1024);
    xiangqi::RecordReader cut = xiangqi::RecordReader::from_buffer(xqf.substr(0, 1000), xiangqi::Format::Xqf);
    std::optional<xiangqi::Record> broken = cut.next();
    EXPECT(broken && !broken->ok() && !broken->has_game() && !broken->error_message().empty());
    xiangqi::RecordReader shorter = xiangqi::RecordReader::from_buffer(xqf.substr(0, 1100), xiangqi::Format::Xqf);
    std::optional<xiangqi::Record> kept = shorter.next();
    EXPECT(kept && !kept->ok() && kept->has_game() && !kept->moves().empty());
    EXPECT(kept && kept->error_message().find("cut short") != std::string::npos);
    EXPECT(status_of([&] { broken->tags(); }) == XQ_STATUS_RECORD_ERROR);

    xiangqi::RecordReader whole = xiangqi::RecordReader::open(data_dir + "/xqf/29b91541ab49.xqf");
    std::optional<xiangqi::Record> game = whole.next();
    EXPECT(game && game->ok() && !game->moves().empty());
    EXPECT(game && game->start_position().fen() == game->start_fen());
    EXPECT(status_of([] { xiangqi::RecordReader::open("/nonexistent.pgn"); }) == XQ_STATUS_IO_ERROR);
}

// Every line of a record's move tree, read through the node links (first child: the continuation; next
// sibling: the alternative), as ICCS text.
void collect_lines(const xiangqi::Record &record, std::size_t index, std::string line, std::vector<std::string> &out) {
    xiangqi::RecordNode node = record.node(index);
    if (node.move) line += (line.empty() ? "" : " ") + node.move->iccs();
    if (!node.first_child) {
        out.push_back(line);
        return;
    }
    for (std::optional<std::size_t> child = node.first_child; child; child = record.node(*child).next_sibling) {
        collect_lines(record, *child, line, out);
    }
}

void record_tree() {
    xiangqi::RecordReader reader = xiangqi::RecordReader::from_buffer(
        "1. h2e2 {中炮} (1. b2e2 $1 h9g7) (1. c3c4 $2 $14) h9g7 2. h0g2 {过宫炮之后} *\n");
    std::optional<xiangqi::Record> record = reader.next();
    EXPECT(record && record->ok() && record->node_count() == 7);
    if (!record) return;
    std::vector<std::string> lines;
    collect_lines(*record, 0, "", lines);
    EXPECT((lines == std::vector<std::string>{"h2e2 h9g7 h0g2", "b2e2 h9g7", "c3c4"}));
    xiangqi::RecordNode root = record->node(0);
    EXPECT(!root.parent && !root.move && root.ply == 0 && root.comment.empty());
    xiangqi::RecordNode first = record->node(*root.first_child);
    EXPECT(first.comment == "中炮" && first.nags.empty() && first.parent == std::optional<std::size_t>(0));
    xiangqi::RecordNode third = record->node(*record->node(*first.next_sibling).next_sibling);
    EXPECT((third.nags == std::vector<std::uint8_t>{2, 14}) && !third.next_sibling && third.ply == 1);
    EXPECT(record->node_position(*first.first_child).fen() ==
           "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2");
    EXPECT(status_of([&] { record->node(7); }) == XQ_STATUS_OUT_OF_RANGE);
}

void ecco() {
    std::vector<xiangqi::Move> moves;
    for (const char *m : {"h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "g6g5", "h0h6", "b9c7", "c3c4", "h7i7", "h6g6",
                          "i7i8", "b0c2", "d9e8", "b2a2"})
        moves.push_back(xiangqi::Move::from_iccs(m));
    xiangqi::Ecco c45 = xiangqi::ecco_classify(moves);
    EXPECT(c45.code == "C45" && c45.group == "C4" && c45.variation == "红左边炮对黑退边炮上右士");
    EXPECT(c45.opening_traditional == "中炮過河車互進七兵對屏風馬平炮兌車");
    EXPECT(status_of([] { xiangqi::ecco_classify({}); }) == XQ_STATUS_NO_ECCO_CODE);
    EXPECT(status_of([] { xiangqi::ecco_classify({xiangqi::Move::from_iccs("a0a5")}); }) == XQ_STATUS_ILLEGAL_MOVE);

    xiangqi::Game game(xiangqi::Position{});
    EXPECT(status_of([&] { game.ecco(); }) == XQ_STATUS_NO_ECCO_CODE);
    game.push(xiangqi::Move::from_iccs("b2e2"));  // 炮八平五, read as 炮二平五
    game.push(xiangqi::Move::from_iccs("b9c7"));
    EXPECT(game.ecco().code == xiangqi::ecco_classify({xiangqi::Move::from_iccs("h2e2"), xiangqi::Move::from_iccs("h9g7")}).code);
    xiangqi::Game composed = xiangqi::Game::from_fen("3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1");
    composed.push(xiangqi::Move::from_iccs("e1e2"));
    EXPECT(status_of([&] { composed.ecco(); }) == XQ_STATUS_NO_ECCO_CODE);

    xiangqi::RecordReader reader = xiangqi::RecordReader::from_buffer("[ECCO \"A14\"]\n1. g0e2 b9c7 *\n");
    std::optional<xiangqi::Record> record = reader.next();
    EXPECT(record && record->ecco().code == record->tag("ECCO").value_or(""));

    xiangqi::Ecco c02 = xiangqi::ecco_from_code("C02");
    EXPECT(c02.opening == "中炮七路马对屏风马" && c02.variation_traditional == "紅左馬盤河");
    EXPECT(xiangqi::ecco_from_code("A00").variation.empty());
    EXPECT(status_of([] { xiangqi::ecco_from_code("Z99"); }) == XQ_STATUS_NOT_FOUND);
}

void corpus(const std::string &data_dir) {
    namespace fs = std::filesystem;
    const fs::path out = fs::temp_directory_path() / ("xiangqi-cpp-corpus-" + std::to_string(std::rand()) + ".jsonl");
    int progress_calls = 0;
    xiangqi::CorpusOptions options;
    options.threads = 2;
    options.progress = [&](const XqCorpusProgress &p) {
        progress_calls++;
        return p.games > 1000000;  // never stops here
    };
    std::vector<xiangqi::CorpusInput> inputs = {
        xiangqi::CorpusInput::path(data_dir + "/records"),
        xiangqi::CorpusInput::memory("memory.pgn", "1. h2e2 h9g7 *\n"),
        xiangqi::CorpusInput::memory("empty.pgn", ""),
    };
    XqCorpusSummary summary = xiangqi::analyse_corpus(inputs, out.string(), {}, options);
    EXPECT(summary.games > 100 && summary.errors >= 1 && !summary.cancelled && progress_calls >= 1);
    std::ifstream file(out);
    std::string line;
    std::uint64_t rows = 0;
    bool empty_row = false;
    while (std::getline(file, line)) {
        rows++;
        empty_row |= line.find("\"source\":\"empty.pgn\"") != std::string::npos;
    }
    EXPECT(rows == summary.games && empty_row);
    fs::remove(out);
    // A progress callback that throws stops the run; the exception does not cross the C library.
    options.progress = [](const XqCorpusProgress &) -> bool { throw std::runtime_error("stop"); };
    EXPECT(status_of([&] { xiangqi::analyse_corpus(inputs, out.string(), {}, options); }) == XQ_STATUS_OK);
    EXPECT(status_of([&] { xiangqi::analyse_corpus(inputs, "games.txt", {}, options); }) ==
           XQ_STATUS_INVALID_ARGUMENT);
    options.plies = true;
    EXPECT(status_of([&] { xiangqi::analyse_corpus(inputs, out.string(), {}, options); }) ==
           XQ_STATUS_INVALID_ARGUMENT);
    fs::remove(out);
}

}  // namespace

int run_wrapper_tests(const char *data_dir) {
    EXPECT(xiangqi::version() == XQ_VERSION_STRING);
    try {
        positions();
        games();
        concurrent_queries();
        records(data_dir);
        record_tree();
        ecco();
        corpus(data_dir);
    } catch (const xiangqi::Error &e) {
        std::fprintf(stderr, "unexpected error %s: %s\n", e.status_name(), e.what());
        failures++;
    }
    return failures;
}
