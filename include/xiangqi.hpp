/*
 * xiangqi: C++17 wrapper of the C API in xiangqi.h. Header-only; every function is inline.
 *
 * - Handles (Position, Game, RecordReader, Record) own their C handle: they are move-only, and Position and
 *   Game copy explicitly with clone(). A moved-from object holds nothing and may only be destroyed or
 *   assigned to.
 * - Failures throw xiangqi::Error (a std::runtime_error) carrying the C status and the library's message.
 *   Reading records is the exception: a game that cannot be read is a Record whose ok() is false, so that
 *   iteration goes on with the next game.
 * - Texts in are std::string_view (no NUL terminator needed); texts out are std::string, lists
 *   std::vector.
 * - Thread safety is that of the C handles (see xiangqi.h): const member functions may run concurrently on
 *   one object, the others need exclusive use.
 */
#ifndef XIANGQI_HPP
#define XIANGQI_HPP

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "xiangqi.h"

namespace xiangqi {

/// A failed call: the C status and the library's message.
class Error : public std::runtime_error {
public:
    Error(XqStatus status, const std::string &message) : std::runtime_error(message), status_(status) {}

    /// The C status (XQ_STATUS_...).
    XqStatus status() const noexcept { return status_; }

    /// The status constant's name, "XQ_STATUS_ILLEGAL_MOVE" for instance.
    const char *status_name() const noexcept { return xq_status_name(status_); }

private:
    XqStatus status_;
};

/// A point of the board, 0 to 89: rank * 9 + file, a0 = 0, i9 = 89 (see XqMove).
using Square = std::uint8_t;

/// Sides. Color::None stands for "no side" in results.
enum class Color : std::uint32_t { Red = XQ_COLOR_RED, Black = XQ_COLOR_BLACK, None = XQ_COLOR_NONE };

/// Move notations; Notation::Auto reads any of ICCS, WXF and Chinese and cannot be used for writing.
enum class Notation : std::uint32_t {
    Auto = XQ_NOTATION_AUTO,
    Iccs = XQ_NOTATION_ICCS,
    IccsOneBased = XQ_NOTATION_ICCS_ONE_BASED,
    Wxf = XQ_NOTATION_WXF,
    Chinese = XQ_NOTATION_CHINESE,
    ChineseTraditional = XQ_NOTATION_CHINESE_TRADITIONAL,
};

/// Rule sets for repetitions.
enum class Rules : std::uint32_t { Cxa = XQ_RULES_CXA, Cxa2020 = XQ_RULES_CXA2020, Axf = XQ_RULES_AXF };

/// Record formats; Format::Auto tells the format from the content.
enum class Format : std::uint32_t {
    Auto = XQ_FORMAT_AUTO,
    Pgn = XQ_FORMAT_PGN,
    Xqf = XQ_FORMAT_XQF,
    DhtmlXq = XQ_FORMAT_DHTMLXQ,
    ChessBridge = XQ_FORMAT_CHESS_BRIDGE,
};

namespace detail {

/// The message of the last failed call on this thread.
inline std::string last_error() {
    std::size_t n = xq_last_error_message(nullptr, 0);
    std::string message(n, '\0');
    if (n > 0) xq_last_error_message(&message[0], n + 1);
    return message;
}

inline void check(XqStatus status) {
    if (status != XQ_STATUS_OK) throw Error(status, last_error());
}

/// Calls a C function that writes a text by the string rules, growing the buffer once if needed.
template <class Call>
std::string read_string(Call call) {
    char small[128];
    std::size_t needed = 0;
    XqStatus status = call(small, sizeof small, &needed);
    if (status == XQ_STATUS_OK) return std::string(small, needed);
    if (status != XQ_STATUS_BUFFER_TOO_SMALL) check(status);
    std::string text(needed, '\0');
    check(call(&text[0], needed + 1, &needed));
    return text;
}

/// Calls a C function that fills an array by the array rules, growing the array once if needed.
template <class T, class Call>
std::vector<T> read_array(std::size_t guess, Call call) {
    std::vector<T> items(guess);
    std::size_t count = 0;
    XqStatus status = call(items.data(), items.size(), &count);
    if (status == XQ_STATUS_BUFFER_TOO_SMALL) {
        items.resize(count);
        status = call(items.data(), items.size(), &count);
    }
    check(status);
    items.resize(count);
    return items;
}

struct PositionDeleter {
    void operator()(XqPosition *p) const noexcept { xq_position_free(p); }
};
struct GameDeleter {
    void operator()(XqGame *g) const noexcept { xq_game_free(g); }
};
struct ReaderDeleter {
    void operator()(XqRecordReader *r) const noexcept { xq_record_reader_free(r); }
};
struct RecordDeleter {
    void operator()(XqRecord *r) const noexcept { xq_record_free(r); }
};

}  // namespace detail

/// The library's version ("0.1.0"), equal to XQ_VERSION_STRING.
inline std::string version() { return xq_version(); }

/// A square's number from its ICCS name ("e0").
inline Square square(std::string_view name) {
    std::uint8_t sq = 0;
    detail::check(xq_square_from_name(name.data(), name.size(), &sq));
    return sq;
}

/// A square's ICCS name.
inline std::string square_name(Square sq) {
    return detail::read_string([&](char *buf, std::size_t len, std::size_t *needed) {
        return xq_square_name(sq, buf, len, needed);
    });
}

/// A move: the square a piece leaves and the square it goes to.
struct Move {
    Square from = 0;
    Square to = 0;

    constexpr Move() = default;
    constexpr Move(Square from_square, Square to_square) : from(from_square), to(to_square) {}
    constexpr Move(XqMove m) : from(m.from), to(m.to) {}  // NOLINT: implicit on purpose
    constexpr operator XqMove() const { return XqMove{from, to}; }  // NOLINT

    /// Reads ICCS coordinates ("h2e2", "H2-E2") without a position.
    static Move from_iccs(std::string_view iccs) {
        XqMove m{0, 0};
        detail::check(xq_move_from_iccs(iccs.data(), iccs.size(), &m));
        return m;
    }

    /// The ICCS text, "h2e2".
    std::string iccs() const {
        return detail::read_string([&](char *buf, std::size_t len, std::size_t *needed) {
            return xq_move_to_iccs(*this, buf, len, needed);
        });
    }

    friend constexpr bool operator==(Move a, Move b) { return a.from == b.from && a.to == b.to; }
    friend constexpr bool operator!=(Move a, Move b) { return !(a == b); }
};

/// A piece: its side and kind.
struct Piece {
    Color color;
    XqRole role;

    /// From a piece code (color * 7 + role); nullopt for XQ_NO_PIECE.
    static std::optional<Piece> from_code(std::int8_t code) {
        if (code < 0 || code >= 14) return std::nullopt;
        return Piece{code < 7 ? Color::Red : Color::Black, static_cast<XqRole>(code % 7)};
    }
};

/// How a position stands.
struct PositionStatus {
    Color turn;
    bool is_check;
    bool is_checkmate;
    bool is_stalemate;
    std::uint32_t legal_move_count;
    Color winner;  ///< Color::None while the game goes on
    XqTermination termination;
};

/// A root analysis (28.16) with its protectors.
struct RootAnalysis {
    Square target;
    Square attacker;
    std::optional<Piece> target_piece;
    std::optional<Piece> attacker_piece;
    std::int32_t exchange_gain;
    XqRooting rooting;
    std::vector<XqProtector> protectors;
};

namespace detail {
template <class Call>
RootAnalysis analyse_root(Call call) {
    XqRootAnalysis report{};
    std::vector<XqProtector> protectors = read_array<XqProtector>(8, [&](XqProtector *out, std::size_t cap, std::size_t *n) {
        return call(&report, out, cap, n);
    });
    return RootAnalysis{report.target,
                        report.attacker,
                        Piece::from_code(report.target_piece),
                        Piece::from_code(report.attacker_piece),
                        report.exchange_gain,
                        report.rooting,
                        std::move(protectors)};
}
}  // namespace detail

/// A legal position. Move-only; clone() copies.
class Position {
public:
    /// The standard start position.
    Position() {
        XqPosition *p = nullptr;
        detail::check(xq_position_new(&p));
        handle_.reset(p);
    }

    /// Takes ownership of a C handle (not NULL).
    explicit Position(XqPosition *owned) : handle_(owned) {
        if (owned == nullptr) throw Error(XQ_STATUS_NULL_ARGUMENT, "Position: NULL handle");
    }

    /// Reads FEN; throws Error with XQ_STATUS_INVALID_FEN or XQ_STATUS_ILLEGAL_POSITION. `accept` takes
    /// waivable XQ_PROBLEM_* flags.
    static Position from_fen(std::string_view fen, std::uint32_t accept = 0) {
        XqPosition *p = nullptr;
        detail::check(xq_position_from_fen_accepting(fen.data(), fen.size(), accept, &p));
        return Position(p);
    }

    /// Every problem that makes a FEN's position illegal (empty when it is legal). Throws Error with
    /// XQ_STATUS_INVALID_FEN when the text is not FEN.
    static std::vector<XqPositionProblem> validate_fen(std::string_view fen) {
        std::vector<XqPositionProblem> problems(16);
        std::size_t count = 0;
        XqStatus status = xq_fen_validate(fen.data(), fen.size(), problems.data(), problems.size(), &count);
        if (status == XQ_STATUS_ILLEGAL_POSITION && count > problems.size()) {
            problems.resize(count);
            status = xq_fen_validate(fen.data(), fen.size(), problems.data(), problems.size(), &count);
        }
        if (status != XQ_STATUS_ILLEGAL_POSITION) detail::check(status);
        problems.resize(count);
        return problems;
    }

    Position clone() const {
        XqPosition *p = nullptr;
        detail::check(xq_position_clone(get(), &p));
        return Position(p);
    }

    std::string fen() const {
        return detail::read_string([&](char *buf, std::size_t len, std::size_t *needed) {
            return xq_position_fen(get(), buf, len, needed);
        });
    }

    std::optional<Piece> piece_at(Square sq) const {
        std::int8_t code = XQ_NO_PIECE;
        detail::check(xq_position_piece_at(get(), sq, &code));
        return Piece::from_code(code);
    }

    PositionStatus status() const {
        XqPositionStatus s{};
        detail::check(xq_position_status(get(), &s));
        return PositionStatus{static_cast<Color>(s.turn), s.is_check, s.is_checkmate, s.is_stalemate,
                              s.legal_move_count, static_cast<Color>(s.winner), s.termination};
    }

    Color turn() const { return status().turn; }
    bool is_check() const { return status().is_check; }
    bool is_checkmate() const { return status().is_checkmate; }
    bool is_stalemate() const { return status().is_stalemate; }

    std::vector<Move> legal_moves() const {
        XqMove moves[XQ_MAX_LEGAL_MOVES];
        std::size_t count = 0;
        detail::check(xq_position_legal_moves(get(), moves, XQ_MAX_LEGAL_MOVES, &count));
        return std::vector<Move>(moves, moves + count);
    }

    /// The legal moves of the piece on `from`, for highlighting.
    std::vector<Move> legal_moves_from(Square from) const {
        XqMove moves[XQ_MAX_LEGAL_MOVES];
        std::size_t count = 0;
        detail::check(xq_position_legal_moves_from(get(), from, moves, XQ_MAX_LEGAL_MOVES, &count));
        return std::vector<Move>(moves, moves + count);
    }

    bool is_legal(Move m) const {
        bool legal = false;
        detail::check(xq_position_is_legal(get(), m, &legal));
        return legal;
    }

    /// Reads a move text as a legal move of this position.
    Move parse_move(std::string_view text, Notation notation = Notation::Auto) const {
        XqMove m{0, 0};
        detail::check(
            xq_position_parse_move(get(), text.data(), text.size(), static_cast<std::uint32_t>(notation), &m));
        return m;
    }

    /// Writes a legal move in a notation (not Notation::Auto).
    std::string move_text(Move m, Notation notation) const {
        return detail::read_string([&](char *buf, std::size_t len, std::size_t *needed) {
            return xq_position_move_text(get(), m, static_cast<std::uint32_t>(notation), buf, len, needed);
        });
    }

    /// Plays a legal move; throws Error with XQ_STATUS_ILLEGAL_MOVE otherwise (the position unchanged).
    void play(Move m) { detail::check(xq_position_play(get(), m)); }

    /// Reads a move text and plays it; returns the move.
    Move play(std::string_view text, Notation notation = Notation::Auto) {
        XqMove m{0, 0};
        detail::check(
            xq_position_play_text(get(), text.data(), text.size(), static_cast<std::uint32_t>(notation), &m));
        return m;
    }

    RootAnalysis analyse_root(Square target, Square attacker) const {
        return detail::analyse_root([&](XqRootAnalysis *report, XqProtector *out, std::size_t cap, std::size_t *n) {
            return xq_position_analyse_root(get(), target, attacker, report, out, cap, n);
        });
    }

    /// The C handle, still owned by this object.
    XqPosition *get() const noexcept { return handle_.get(); }
    /// Gives up ownership of the C handle.
    XqPosition *release() noexcept { return handle_.release(); }

private:
    std::unique_ptr<XqPosition, detail::PositionDeleter> handle_;
};

/// A chased piece.
struct ChaseTarget {
    Square attacker;
    Square target;
    std::optional<Piece> attacker_piece;
    std::optional<Piece> target_piece;
    std::uint8_t target_id;
    XqThreatMeans means;
    XqRooting rooting;
    bool joint;
    std::string description;
};

/// The classification of a move.
struct Classification {
    Move move;
    Color side;
    XqMoveClass move_class;
    XqIdleKind idle_kind;
    XqIdleRule idle_rule;
    std::string name;   ///< "check", "kill", "chase" or "idle"
    std::string label;  ///< the name with the idle sub-kind, "idle:exchange"
    std::optional<Move> mate_start;
    std::vector<ChaseTarget> chases;
    std::vector<ChaseTarget> soldier_chases;
    std::vector<ChaseTarget> general_chases;
};

/// The arbiter's verdict.
struct Verdict {
    XqVerdictKind kind;
    Color side;  ///< loses or must change; Color::None for a draw or while play goes on
    XqReason reason;
    std::string article;
    std::size_t window_start;
    std::size_t window_end;
    XqSideProfile red_profile;
    XqSideProfile black_profile;
    std::optional<XqNaturalLimit> natural_limit;
};

/// An ECCO opening code (中国象棋开局编码) and its names, UTF-8; a variation is empty when the code has none.
struct Ecco {
    std::string code;        ///< "C45"
    std::string group;       ///< "C4"
    std::string opening;     ///< simplified characters
    std::string variation;   ///< simplified characters
    std::string group_name;  ///< simplified characters
    std::string opening_traditional;
    std::string variation_traditional;
    std::string group_name_traditional;
};

namespace detail {

inline Ecco convert(const XqEcco &e) {
    return Ecco{e.code,       e.group,
                e.opening,    e.variation,
                e.group_name, e.opening_traditional,
                e.variation_traditional, e.group_name_traditional};
}

}  // namespace detail

/// The code named `code` ("C45"). Throws Error(XQ_STATUS_NOT_FOUND) if it is not one of the 260.
inline Ecco ecco_from_code(std::string_view code) {
    XqEcco e{};
    detail::check(xq_ecco_from_code(code.data(), code.size(), &e));
    return detail::convert(e);
}

/// The ECCO code of moves played from the standard start (the first 20 are read). Throws
/// Error(XQ_STATUS_ILLEGAL_MOVE) for an illegal move, Error(XQ_STATUS_NO_ECCO_CODE) for no moves.
inline Ecco ecco_classify(const std::vector<Move> &moves) {
    std::vector<XqMove> raw(moves.begin(), moves.end());
    XqEcco e{};
    detail::check(xq_ecco_classify(nullptr, raw.data(), raw.size(), &e));
    return detail::convert(e);
}

/// A game and its arbiter. Move-only; clone() copies (with the key-point judgement).
class Game {
public:
    /// Whether a move, played from `before`, occupies a defensive key point (27.3). An exception thrown by
    /// the judgement counts as "no".
    using KeyPointJudge = std::function<bool(const Position &before, Move move)>;

    explicit Game(const Position &start, Rules rules = Rules::Cxa) {
        XqGame *g = nullptr;
        detail::check(xq_game_new(start.get(), static_cast<std::uint32_t>(rules), &g));
        handle_.reset(g);
    }

    /// Takes ownership of a C handle (not NULL, without a key-point callback of its own).
    explicit Game(XqGame *owned) : handle_(owned) {
        if (owned == nullptr) throw Error(XQ_STATUS_NULL_ARGUMENT, "Game: NULL handle");
    }

    static Game from_fen(std::string_view fen, Rules rules = Rules::Cxa) {
        XqGame *g = nullptr;
        detail::check(xq_game_from_fen(fen.data(), fen.size(), static_cast<std::uint32_t>(rules), &g));
        return Game(g);
    }

    Game clone() const {
        XqGame *g = nullptr;
        detail::check(xq_game_clone(get(), &g));
        Game copy(g);
        if (judge_) copy.set_key_point(*judge_);
        return copy;
    }

    Rules rules() const {
        XqRules r = XQ_RULES_CXA;
        detail::check(xq_game_rules(get(), &r));
        return static_cast<Rules>(r);
    }

    void set_rules(Rules rules) { detail::check(xq_game_set_rules(get(), static_cast<std::uint32_t>(rules))); }

    /// Sets the defensive key-point judgement; an empty function removes it.
    void set_key_point(KeyPointJudge judge) {
        if (!judge) {
            detail::check(xq_game_set_key_point_callback(get(), nullptr, nullptr));
            judge_.reset();
            return;
        }
        auto owned = std::make_unique<KeyPointJudge>(std::move(judge));
        detail::check(xq_game_set_key_point_callback(get(), &Game::call_judge, owned.get()));
        judge_ = std::move(owned);
    }

    std::size_t size() const {
        std::size_t n = 0;
        detail::check(xq_game_len(get(), &n));
        return n;
    }
    bool empty() const { return size() == 0; }

    Position position() const {
        XqPosition *p = nullptr;
        detail::check(xq_game_position(get(), &p));
        return Position(p);
    }

    /// The position after `ply` moves (0: the start).
    Position position_at(std::size_t ply) const {
        XqPosition *p = nullptr;
        detail::check(xq_game_position_at(get(), ply, &p));
        return Position(p);
    }

    Move move_at(std::size_t index) const {
        XqMove m{0, 0};
        detail::check(xq_game_move_at(get(), index, &m));
        return m;
    }

    std::vector<Move> moves() const {
        std::vector<Move> all;
        std::size_t n = size();
        all.reserve(n);
        for (std::size_t i = 0; i < n; i++) all.push_back(move_at(i));
        return all;
    }

    void push(Move m) { detail::check(xq_game_push(get(), m)); }

    /// Reads a move text against the current position and plays it; returns the move.
    Move push(std::string_view text, Notation notation = Notation::Auto) {
        XqMove m{0, 0};
        detail::check(xq_game_push_text(get(), text.data(), text.size(), static_cast<std::uint32_t>(notation), &m));
        return m;
    }

    /// Takes back the last move; throws Error with XQ_STATUS_OUT_OF_RANGE when there is none.
    Move pop() {
        XqMove m{0, 0};
        detail::check(xq_game_pop(get(), &m));
        return m;
    }

    std::optional<Move> peek() const {
        XqMove m{0, 0};
        XqStatus status = xq_game_peek(get(), &m);
        if (status == XQ_STATUS_OUT_OF_RANGE) return std::nullopt;
        detail::check(status);
        return Move(m);
    }

    /// Move `index` written in a notation (not Notation::Auto).
    std::string move_text(std::size_t index, Notation notation) const {
        return detail::read_string([&](char *buf, std::size_t len, std::size_t *needed) {
            return xq_game_move_text(get(), index, static_cast<std::uint32_t>(notation), buf, len, needed);
        });
    }

    Classification classify(std::size_t index) const {
        XqClassification c{};
        detail::check(xq_game_classify(get(), index, &c));
        Classification out{Move(c.mv),
                           static_cast<Color>(c.side),
                           c.move_class,
                           c.idle_kind,
                           c.idle_rule,
                           c.name,
                           c.label,
                           c.has_mate_start ? std::optional<Move>(Move(c.mate_start)) : std::nullopt,
                           targets(index, XQ_CHASE_LIST_CHASES, c.chase_count),
                           targets(index, XQ_CHASE_LIST_SOLDIER_CHASES, c.soldier_chase_count),
                           targets(index, XQ_CHASE_LIST_GENERAL_CHASES, c.general_chase_count)};
        return out;
    }

    /// The game's ECCO opening code. Throws Error(XQ_STATUS_NO_ECCO_CODE) for a game from a set-up
    /// position or without moves.
    Ecco ecco() const {
        XqEcco e{};
        detail::check(xq_game_ecco(get(), &e));
        return detail::convert(e);
    }

    Verdict verdict() const {
        XqVerdict v{};
        detail::check(xq_game_verdict(get(), &v));
        return convert(v);
    }

    /// The verdict as it stood after `ply` moves.
    Verdict verdict_at(std::size_t ply) const {
        XqVerdict v{};
        detail::check(xq_game_verdict_at(get(), ply, &v));
        return convert(v);
    }

    /// "red loses", "black loses", "draw" or "continue".
    std::string verdict_summary() const {
        return detail::read_string([&](char *buf, std::size_t len, std::size_t *needed) {
            return xq_game_verdict_summary(get(), buf, len, needed);
        });
    }

    /// The verdict explained in English.
    std::string verdict_explanation() const {
        return detail::read_string([&](char *buf, std::size_t len, std::size_t *needed) {
            return xq_game_verdict_explanation(get(), buf, len, needed);
        });
    }

    XqNaturalLimit natural_limit() const {
        XqNaturalLimit n{};
        detail::check(xq_game_natural_limit(get(), &n));
        return n;
    }

    /// Root analysis on the current position, with the game's search limits.
    RootAnalysis analyse_root(Square target, Square attacker) const {
        return detail::analyse_root([&](XqRootAnalysis *report, XqProtector *out, std::size_t cap, std::size_t *n) {
            return xq_game_analyse_root(get(), target, attacker, report, out, cap, n);
        });
    }

    /// The C handle, still owned by this object.
    XqGame *get() const noexcept { return handle_.get(); }

private:
    static int call_judge(const XqPosition *before, XqMove mv, void *user) noexcept {
        try {
            XqPosition *copy = nullptr;
            if (xq_position_clone(before, &copy) != XQ_STATUS_OK) return 0;
            Position position(copy);
            return (*static_cast<KeyPointJudge *>(user))(position, Move(mv)) ? 1 : 0;
        } catch (...) {
            return 0;
        }
    }

    std::vector<ChaseTarget> targets(std::size_t index, std::uint32_t list, std::size_t count) const {
        std::vector<ChaseTarget> out;
        out.reserve(count);
        for (std::size_t i = 0; i < count; i++) {
            XqChaseTarget t{};
            detail::check(xq_game_chase_target(get(), index, list, i, &t));
            std::string description = detail::read_string([&](char *buf, std::size_t len, std::size_t *needed) {
                return xq_game_chase_description(get(), index, list, i, buf, len, needed);
            });
            out.push_back(ChaseTarget{t.attacker, t.target, Piece::from_code(t.attacker_piece),
                                      Piece::from_code(t.target_piece), t.target_id, t.means, t.rooting, t.joint,
                                      std::move(description)});
        }
        return out;
    }

    static Verdict convert(const XqVerdict &v) {
        return Verdict{v.kind,
                       static_cast<Color>(v.side),
                       v.reason,
                       v.article != nullptr ? v.article : "",
                       v.window_start,
                       v.window_end,
                       v.red_profile,
                       v.black_profile,
                       v.has_natural_limit ? std::optional<XqNaturalLimit>(v.natural_limit) : std::nullopt};
    }

    // Declared before the handle, so the handle (which may call the judgement) goes first.
    std::unique_ptr<KeyPointJudge> judge_;
    std::unique_ptr<XqGame, detail::GameDeleter> handle_;
};

/// A node of a record's move tree (see XqRecordNode): the root (index 0) stands for the start position,
/// every other node for the move that leads to it. Links are node indices, std::nullopt where none.
struct RecordNode {
    std::size_t index = 0;
    std::optional<std::size_t> parent;
    std::optional<std::size_t> first_child;   ///< the main continuation
    std::optional<std::size_t> next_sibling;  ///< the next alternative (variation) to this move
    std::size_t ply = 0;
    std::optional<Move> move;  ///< none for the root
    std::string comment;
    std::vector<std::uint8_t> nags;
};

/// One game of a record. A game that could not be read has ok() false: error_message() and error_location()
/// tell why and where, and what was read before the fault is there too (has_game()). Move-only.
class Record {
public:
    explicit Record(XqRecord *owned) : handle_(owned) {
        if (owned == nullptr) throw Error(XQ_STATUS_NULL_ARGUMENT, "Record: NULL handle");
    }

    bool ok() const { return error_status() == XQ_STATUS_OK; }

    XqStatus error_status() const {
        XqStatus status = XQ_STATUS_OK;
        detail::check(xq_record_error_status(get(), &status));
        return status;
    }

    std::string error_message() const {
        return detail::read_string([&](char *buf, std::size_t len, std::size_t *needed) {
            return xq_record_error_message(get(), buf, len, needed);
        });
    }

    std::optional<XqLocation> error_location() const {
        XqLocation loc{};
        XqStatus status = xq_record_error_location(get(), &loc);
        if (status == XQ_STATUS_NOT_FOUND) return std::nullopt;
        detail::check(status);
        return loc;
    }

    std::optional<std::string> error_token() const {
        char probe[1];
        std::size_t needed = 0;
        XqStatus status = xq_record_error_token(get(), probe, 0, &needed);
        if (status == XQ_STATUS_NOT_FOUND) return std::nullopt;
        return detail::read_string([&](char *buf, std::size_t len, std::size_t *n) {
            return xq_record_error_token(get(), buf, len, n);
        });
    }

    /// Whether any of the game was read (tags, start, moves).
    bool has_game() const {
        std::size_t n = 0;
        return xq_record_tag_count(get(), &n) == XQ_STATUS_OK;
    }

    std::vector<std::pair<std::string, std::string>> tags() const {
        std::size_t n = 0;
        detail::check(xq_record_tag_count(get(), &n));
        std::vector<std::pair<std::string, std::string>> out;
        out.reserve(n);
        for (std::size_t i = 0; i < n; i++) {
            out.emplace_back(detail::read_string([&](char *buf, std::size_t len, std::size_t *needed) {
                                 return xq_record_tag_name(get(), i, buf, len, needed);
                             }),
                             detail::read_string([&](char *buf, std::size_t len, std::size_t *needed) {
                                 return xq_record_tag_value(get(), i, buf, len, needed);
                             }));
        }
        return out;
    }

    std::optional<std::string> tag(std::string_view name) const {
        char probe[1];
        std::size_t needed = 0;
        XqStatus status = xq_record_tag(get(), name.data(), name.size(), probe, 0, &needed);
        if (status == XQ_STATUS_NOT_FOUND) return std::nullopt;
        return detail::read_string([&](char *buf, std::size_t len, std::size_t *n) {
            return xq_record_tag(get(), name.data(), name.size(), buf, len, n);
        });
    }

    /// What the reader worked around (the game was read, but not exactly as written).
    std::vector<std::string> warnings() const {
        std::size_t n = 0;
        detail::check(xq_record_warning_count(get(), &n));
        std::vector<std::string> out;
        out.reserve(n);
        for (std::size_t i = 0; i < n; i++) {
            out.push_back(detail::read_string([&](char *buf, std::size_t len, std::size_t *needed) {
                return xq_record_warning(get(), i, buf, len, needed);
            }));
        }
        return out;
    }

    XqGameResult result() const {
        XqGameResult r = XQ_GAME_RESULT_UNKNOWN;
        detail::check(xq_record_result(get(), &r));
        return r;
    }

    std::string start_fen() const {
        return detail::read_string([&](char *buf, std::size_t len, std::size_t *needed) {
            return xq_record_start_fen(get(), buf, len, needed);
        });
    }

    Position start_position() const {
        XqPosition *p = nullptr;
        detail::check(xq_record_start_position(get(), &p));
        return Position(p);
    }

    /// The ECCO opening code of the main line (compare with tag("ECCO")). Throws
    /// Error(XQ_STATUS_NO_ECCO_CODE) for a game from a set-up position or without moves.
    Ecco ecco() const {
        XqEcco e{};
        detail::check(xq_record_ecco(get(), &e));
        return detail::convert(e);
    }

    /// The main line.
    std::vector<Move> moves() const {
        std::vector<XqMove> raw = detail::read_array<XqMove>(256, [&](XqMove *out, std::size_t cap, std::size_t *n) {
            return xq_record_moves(get(), out, cap, n);
        });
        return std::vector<Move>(raw.begin(), raw.end());
    }

    /// How many nodes the move tree has: the root and every move of every line.
    std::size_t node_count() const {
        std::size_t n = 0;
        detail::check(xq_record_node_count(get(), &n));
        return n;
    }

    /// Node `index` of the move tree, with its comment and NAGs.
    RecordNode node(std::size_t index) const {
        XqRecordNode raw{};
        detail::check(xq_record_node(get(), index, &raw));
        auto link = [](std::uint32_t value) {
            return value == XQ_NO_NODE ? std::nullopt : std::optional<std::size_t>(value);
        };
        RecordNode node;
        node.index = index;
        node.parent = link(raw.parent);
        node.first_child = link(raw.first_child);
        node.next_sibling = link(raw.next_sibling);
        node.ply = raw.ply;
        if (raw.has_move) node.move = Move(raw.mv);
        if (raw.has_comment) {
            node.comment = detail::read_string([&](char *buf, std::size_t len, std::size_t *needed) {
                return xq_record_node_comment(get(), index, buf, len, needed);
            });
        }
        node.nags = detail::read_array<std::uint8_t>(raw.nag_count, [&](std::uint8_t *out, std::size_t cap,
                                                                         std::size_t *n) {
            return xq_record_node_nags(get(), index, out, cap, n);
        });
        return node;
    }

    /// The position at node `index`, after its move.
    Position node_position(std::size_t index) const {
        XqPosition *p = nullptr;
        detail::check(xq_record_node_position(get(), index, &p));
        return Position(p);
    }

    /// The main line as a game.
    Game to_game(Rules rules = Rules::Cxa) const {
        XqGame *g = nullptr;
        detail::check(xq_record_to_game(get(), static_cast<std::uint32_t>(rules), &g));
        return Game(g);
    }

    XqRecord *get() const noexcept { return handle_.get(); }

private:
    std::unique_ptr<XqRecord, detail::RecordDeleter> handle_;
};

/// Reads the games of a record file or buffer, one at a time. Move-only.
class RecordReader {
public:
    explicit RecordReader(XqRecordReader *owned) : handle_(owned) {
        if (owned == nullptr) throw Error(XQ_STATUS_NULL_ARGUMENT, "RecordReader: NULL handle");
    }

    /// Opens a file; throws Error with XQ_STATUS_IO_ERROR when it cannot be read.
    static RecordReader open(std::string_view path, Format format = Format::Auto) {
        XqRecordReader *r = nullptr;
        detail::check(xq_record_reader_open(path.data(), path.size(), static_cast<std::uint32_t>(format), &r));
        return RecordReader(r);
    }

    /// Reads bytes in memory (copied during the call: the caller may free them afterwards).
    static RecordReader from_buffer(const void *data, std::size_t size, Format format = Format::Auto) {
        XqRecordReader *r = nullptr;
        detail::check(xq_record_reader_from_buffer(static_cast<const std::uint8_t *>(data), size,
                                                   static_cast<std::uint32_t>(format), &r));
        return RecordReader(r);
    }

    static RecordReader from_buffer(std::string_view bytes, Format format = Format::Auto) {
        return from_buffer(bytes.data(), bytes.size(), format);
    }

    Format format() const {
        XqFormat f = XQ_FORMAT_AUTO;
        detail::check(xq_record_reader_format(get(), &f));
        return static_cast<Format>(f);
    }

    /// The next game (read or not, see Record::ok()), or nullopt after the last.
    std::optional<Record> next() {
        XqRecord *record = nullptr;
        XqStatus status = xq_record_reader_next(get(), &record);
        if (status == XQ_STATUS_END_OF_RECORDS) return std::nullopt;
        if (record == nullptr) detail::check(status);
        return Record(record);
    }

    XqRecordReader *get() const noexcept { return handle_.get(); }

private:
    std::unique_ptr<XqRecordReader, detail::ReaderDeleter> handle_;
};

/// One input of a corpus run: a path (file, directory or glob), or bytes in memory with a source name.
struct CorpusInput {
    std::string name;
    std::optional<std::string> bytes;

    static CorpusInput path(std::string path) { return CorpusInput{std::move(path), std::nullopt}; }
    static CorpusInput memory(std::string name, std::string bytes) {
        return CorpusInput{std::move(name), std::move(bytes)};
    }
};

/// What a corpus run computes (see XqCorpusOptions). `progress` returns true to stop the run.
struct CorpusOptions {
    Rules rules = Rules::Cxa;
    unsigned threads = 0;
    bool plies = false;
    bool classify = false;
    bool fen = false;
    bool variations = false;
    std::uint64_t games_start = 0;
    std::uint64_t games_end = UINT64_MAX;
    std::function<bool(const XqCorpusProgress &)> progress;
};

namespace detail {
inline std::vector<XqCorpusInput> corpus_inputs(const std::vector<CorpusInput> &inputs) {
    std::vector<XqCorpusInput> out;
    out.reserve(inputs.size());
    for (const CorpusInput &in : inputs) {
        XqCorpusInput c{in.name.data(), in.name.size(), nullptr, 0};
        if (in.bytes) {
            // A non-NULL pointer even for empty bytes: they are bytes, not a path.
            static const std::uint8_t empty = 0;
            c.bytes = in.bytes->empty() ? &empty : reinterpret_cast<const std::uint8_t *>(in.bytes->data());
            c.bytes_len = in.bytes->size();
        }
        out.push_back(c);
    }
    return out;
}

inline int corpus_progress(const XqCorpusProgress *progress, void *user) {
    const auto *options = static_cast<const CorpusOptions *>(user);
    try {
        return options->progress(*progress) ? 1 : 0;
    } catch (...) {
        return 1;  // an exception must not cross the C library: it stops the run instead
    }
}

inline XqCorpusOptions corpus_options(const CorpusOptions &options) {
    XqCorpusOptions c;
    check(xq_corpus_options_default(&c));
    c.rules = static_cast<std::uint32_t>(options.rules);
    c.threads = options.threads;
    c.plies = options.plies;
    c.classify = options.classify;
    c.fen = options.fen;
    c.variations = options.variations;
    c.games_start = options.games_start;
    c.games_end = options.games_end;
    if (options.progress) {
        c.progress = corpus_progress;
        c.user = const_cast<CorpusOptions *>(&options);
    }
    return c;
}
}  // namespace detail

/// Analyses whole databases with the bulk engine and writes the games table to `games_path` and, with
/// plies or classify, the plies table to `plies_path` (Parquet, CSV or JSON lines by extension). A record
/// that cannot be read is a row with status `error`; throws Error for bad arguments or an unwritable output.
inline XqCorpusSummary analyse_corpus(const std::vector<CorpusInput> &inputs, std::string_view games_path,
                                      std::string_view plies_path = {}, const CorpusOptions &options = {}) {
    std::vector<XqCorpusInput> c_inputs = detail::corpus_inputs(inputs);
    XqCorpusOptions c_options = detail::corpus_options(options);
    XqCorpusSummary summary{};
    detail::check(xq_corpus_analyse(c_inputs.data(), c_inputs.size(), &c_options, games_path.data(),
                                    games_path.size(), plies_path.data(), plies_path.size(), &summary));
    return summary;
}

}  // namespace xiangqi

#endif  // XIANGQI_HPP
