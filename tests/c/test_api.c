/* The C API's conventions and its answers to bad input: NULL arguments, unknown enum values, garbage FEN,
 * invalid UTF-8, too-small buffers, truncated XQF, bad records; also the version macros, positions, notation,
 * games and records on good input. Usage: test_api DATA_DIR (the project's tests/data). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xiangqi.h"

#include "check.h"

#define S(text) text, strlen(text)

static const char *START_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

static int last_error_contains(const char *needle) {
    char message[1024];
    xq_last_error_message(message, sizeof message);
    return strstr(message, needle) != NULL;
}

static unsigned char *read_file(const char *path, size_t *size) {
    FILE *f = fopen(path, "rb");
    unsigned char *data = NULL;
    long n;
    if (f == NULL) return NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) > 0 && fseek(f, 0, SEEK_SET) == 0) {
        data = (unsigned char *)malloc((size_t)n);
        if (data != NULL && fread(data, 1, (size_t)n, f) != (size_t)n) {
            free(data);
            data = NULL;
        }
        *size = (size_t)n;
    }
    fclose(f);
    return data;
}

static void test_version_and_status_names(void) {
    char built[32];
    sprintf(built, "%d.%d.%d", XQ_VERSION_MAJOR, XQ_VERSION_MINOR, XQ_VERSION_PATCH);
    CHECK(strcmp(xq_version(), XQ_VERSION_STRING) == 0);
    CHECK(strcmp(built, XQ_VERSION_STRING) == 0);
    CHECK(strcmp(xq_status_name(XQ_STATUS_OK), "XQ_STATUS_OK") == 0);
    CHECK(strcmp(xq_status_name(XQ_STATUS_ILLEGAL_MOVE), "XQ_STATUS_ILLEGAL_MOVE") == 0);
    CHECK(strcmp(xq_status_name(XQ_STATUS_PANIC), "XQ_STATUS_PANIC") == 0);
    CHECK(strcmp(xq_status_name(12345), "XQ_STATUS_UNKNOWN") == 0);
    /* The numbers are part of the ABI. */
    CHECK(XQ_STATUS_OK == 0 && XQ_STATUS_NULL_ARGUMENT == 1 && XQ_STATUS_BUFFER_TOO_SMALL == 8 &&
          XQ_STATUS_END_OF_RECORDS == 14 && XQ_STATUS_NO_ECCO_CODE == 16 && XQ_STATUS_PANIC == 100);
}

static void test_null_arguments(void) {
    XqPosition *pos = NULL;
    XqGame *game = NULL;
    XqMove moves[XQ_MAX_LEGAL_MOVES];
    XqMove mv = {0, 0};
    size_t count = 0;
    char buf[16];
    CHECK_STATUS(xq_position_new(NULL), XQ_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(xq_position_from_fen(NULL, 10, &pos), XQ_STATUS_NULL_ARGUMENT);
    CHECK(pos == NULL);
    CHECK(last_error_contains("fen is NULL"));
    CHECK_STATUS(xq_position_from_fen(S(START_FEN), NULL), XQ_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(xq_position_fen(NULL, buf, sizeof buf, NULL), XQ_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(xq_position_legal_moves(NULL, moves, XQ_MAX_LEGAL_MOVES, &count), XQ_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(xq_position_status(NULL, NULL), XQ_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(xq_position_play(NULL, mv), XQ_STATUS_NULL_ARGUMENT);
    pos = (XqPosition *)&count; /* any value: a failed call sets it to NULL */
    CHECK_STATUS(xq_position_clone(NULL, &pos), XQ_STATUS_NULL_ARGUMENT);
    CHECK(pos == NULL);
    CHECK_STATUS(xq_game_new(NULL, XQ_RULES_CXA, &game), XQ_STATUS_NULL_ARGUMENT);
    CHECK(game == NULL);
    CHECK_STATUS(xq_game_push(NULL, mv), XQ_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(xq_game_verdict(NULL, NULL), XQ_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(xq_game_classify(NULL, 0, NULL), XQ_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(xq_record_reader_next(NULL, NULL), XQ_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(xq_record_reader_from_buffer(NULL, 3, XQ_FORMAT_AUTO, NULL), XQ_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(xq_move_from_iccs(NULL, 4, &mv), XQ_STATUS_NULL_ARGUMENT);
    /* NULL with length 0 is the empty text: not NULL_ARGUMENT, but not FEN either. */
    CHECK_STATUS(xq_position_from_fen(NULL, 0, &pos), XQ_STATUS_INVALID_FEN);
    /* Freeing NULL does nothing. */
    xq_position_free(NULL);
    xq_game_free(NULL);
    xq_record_reader_free(NULL);
    xq_record_free(NULL);

    CHECK_STATUS(xq_position_new(&pos), XQ_STATUS_OK);
    CHECK_STATUS(xq_position_legal_moves(pos, NULL, 5, &count), XQ_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(xq_position_legal_moves(pos, moves, XQ_MAX_LEGAL_MOVES, NULL), XQ_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(xq_position_fen(pos, NULL, 5, NULL), XQ_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(xq_position_board(pos, NULL), XQ_STATUS_NULL_ARGUMENT);
    xq_position_free(pos);
}

static void test_garbage_fen_and_utf8(void) {
    XqPosition *pos = (XqPosition *)&pos; /* must be overwritten with NULL */
    XqPositionProblem problems[16];
    size_t count = 99;
    const char garbage[] = "this is not a FEN";
    const char bad_utf8[] = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN\xff w";
    const char two_kings[] = "rnbkkabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
    const char soldier[] = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P2PP1P1P/1C5C1/9/RNBAKABNR w";

    CHECK_STATUS(xq_position_from_fen(S(garbage), &pos), XQ_STATUS_INVALID_FEN);
    CHECK(pos == NULL);
    CHECK(last_error_contains("FEN"));
    CHECK_STATUS(xq_position_from_fen(S(bad_utf8), &pos), XQ_STATUS_INVALID_UTF8);
    CHECK_STATUS(xq_position_from_fen(S(two_kings), &pos), XQ_STATUS_ILLEGAL_POSITION);
    CHECK_STATUS(xq_fen_validate(S(garbage), problems, 16, &count), XQ_STATUS_INVALID_FEN);
    CHECK_STATUS(xq_fen_validate(S(START_FEN), problems, 16, &count), XQ_STATUS_OK);
    CHECK(count == 0);
    CHECK_STATUS(xq_fen_validate(S(two_kings), problems, 16, &count), XQ_STATUS_ILLEGAL_POSITION);
    CHECK(count >= 1 && (problems[0].kind & (XQ_PROBLEM_TOO_MANY_GENERALS | XQ_PROBLEM_TOO_MANY_PIECES)) != 0);
    CHECK_STATUS(xq_fen_validate(S(two_kings), NULL, 0, &count), XQ_STATUS_ILLEGAL_POSITION);
    CHECK(count >= 1);
    /* A soldier that can never stand on d3: reported, and accepted on request. */
    CHECK_STATUS(xq_fen_validate(S(soldier), problems, 16, &count), XQ_STATUS_ILLEGAL_POSITION);
    CHECK(count == 1 && problems[0].kind == XQ_PROBLEM_SOLDIER_PLACEMENT && problems[0].square == 3 + 3 * 9);
    CHECK_STATUS(xq_position_from_fen(S(soldier), &pos), XQ_STATUS_ILLEGAL_POSITION);
    CHECK_STATUS(xq_position_from_fen_accepting(S(soldier), XQ_PROBLEM_SOLDIER_PLACEMENT, &pos), XQ_STATUS_OK);
    xq_position_free(pos);
    CHECK_STATUS(xq_position_from_fen_accepting(S(two_kings), XQ_PROBLEM_TOO_MANY_GENERALS, &pos),
                 XQ_STATUS_INVALID_ARGUMENT);
}

static void test_bad_enums_and_squares(void) {
    XqPosition *pos = NULL;
    XqGame *game = NULL;
    XqMove mv, off_board = {200, 3};
    XqMove moves[8];
    size_t count;
    int8_t piece;
    char buf[32];
    XqRecordReader *reader = NULL;
    XqChaseTarget target;
    CHECK_STATUS(xq_position_new(&pos), XQ_STATUS_OK);
    CHECK_STATUS(xq_game_new(pos, 3, &game), XQ_STATUS_INVALID_ARGUMENT);
    CHECK(game == NULL);
    CHECK_STATUS(xq_game_new(pos, 0xFFFFFFFFu, &game), XQ_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(xq_position_parse_move(pos, S("h2e2"), 77, &mv), XQ_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(xq_position_move_text(pos, off_board, XQ_NOTATION_ICCS, buf, sizeof buf, NULL),
                 XQ_STATUS_INVALID_ARGUMENT);
    mv.from = 7 + 2 * 9; /* h2 */
    mv.to = 4 + 2 * 9;   /* e2 */
    CHECK_STATUS(xq_position_move_text(pos, mv, XQ_NOTATION_AUTO, buf, sizeof buf, NULL), XQ_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(xq_position_move_text(pos, mv, 6, buf, sizeof buf, NULL), XQ_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(xq_position_piece_at(pos, 90, &piece), XQ_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(xq_position_legal_moves_from(pos, 1000, moves, 8, &count), XQ_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(xq_position_play(pos, off_board), XQ_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(xq_square_name(90, buf, sizeof buf, NULL), XQ_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(xq_record_reader_from_buffer((const uint8_t *)"x", 1, 9, &reader), XQ_STATUS_INVALID_ARGUMENT);
    CHECK(reader == NULL);
    CHECK_STATUS(xq_game_new(pos, XQ_RULES_AXF, &game), XQ_STATUS_OK);
    CHECK_STATUS(xq_game_push(game, off_board), XQ_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(xq_game_set_rules(game, 3), XQ_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(xq_game_push(game, mv), XQ_STATUS_OK);
    CHECK_STATUS(xq_game_chase_target(game, 0, 3, 0, &target), XQ_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(xq_game_chase_target(game, 0, XQ_CHASE_LIST_CHASES, 0, &target), XQ_STATUS_OUT_OF_RANGE);
    CHECK_STATUS(xq_game_push_text(game, S("hello"), 42, NULL), XQ_STATUS_INVALID_ARGUMENT);
    xq_game_free(game);
    xq_position_free(pos);
}

static void test_buffers_and_last_error(void) {
    XqPosition *pos = NULL;
    char small[10], tiny[4];
    size_t needed = 0, count = 0, total = 0, n, i;
    XqMove all[XQ_MAX_LEGAL_MOVES], few[5];
    CHECK_STATUS(xq_position_new(&pos), XQ_STATUS_OK);
    /* Text: snprintf rules. */
    CHECK_STATUS(xq_position_fen(pos, small, sizeof small, &needed), XQ_STATUS_BUFFER_TOO_SMALL);
    CHECK(needed == strlen(START_FEN));
    CHECK(strlen(small) == sizeof small - 1 && strncmp(small, START_FEN, sizeof small - 1) == 0);
    CHECK_STATUS(xq_position_fen(pos, NULL, 0, &needed), XQ_STATUS_BUFFER_TOO_SMALL);
    CHECK(needed == strlen(START_FEN));
    {
        char exact[128];
        CHECK_STATUS(xq_position_fen(pos, exact, needed, NULL), XQ_STATUS_BUFFER_TOO_SMALL);
        CHECK_STATUS(xq_position_fen(pos, exact, needed + 1, NULL), XQ_STATUS_OK);
        CHECK(strcmp(exact, START_FEN) == 0);
    }
    /* The last error message of that failure, itself by snprintf rules. */
    n = xq_last_error_message(NULL, 0);
    CHECK(n > 0);
    CHECK(xq_last_error_message(tiny, sizeof tiny) == n);
    CHECK(strlen(tiny) == 3);
    {
        char *full = (char *)malloc(n + 1);
        CHECK(full != NULL && xq_last_error_message(full, n + 1) == n && strlen(full) == n);
        CHECK(full != NULL && strncmp(full, tiny, 3) == 0);
        free(full);
    }
    /* Arrays: as many as fit, and the total. */
    CHECK_STATUS(xq_position_legal_moves(pos, all, XQ_MAX_LEGAL_MOVES, &total), XQ_STATUS_OK);
    CHECK(total == 44);
    CHECK_STATUS(xq_position_legal_moves(pos, few, 5, &count), XQ_STATUS_BUFFER_TOO_SMALL);
    CHECK(count == 44);
    for (i = 0; i < 5; i++) CHECK(few[i].from == all[i].from && few[i].to == all[i].to);
    CHECK_STATUS(xq_position_legal_moves(pos, NULL, 0, &count), XQ_STATUS_BUFFER_TOO_SMALL);
    CHECK(count == 44);
    xq_position_free(pos);
}

static void test_position_and_notation(void) {
    XqPosition *pos = NULL, *copy = NULL;
    XqPositionStatus status;
    XqMove moves[XQ_MAX_LEGAL_MOVES], mv;
    size_t count = 0, i;
    int8_t board[XQ_SQUARE_COUNT];
    char text[128];
    uint8_t sq;
    CHECK_STATUS(xq_position_from_fen(S(START_FEN), &pos), XQ_STATUS_OK);
    CHECK_STATUS(xq_position_board(pos, board), XQ_STATUS_OK);
    CHECK(board[4] == XQ_ROLE_GENERAL && board[85] == 7 + XQ_ROLE_GENERAL && board[40] == XQ_NO_PIECE);
    /* The horse on b0 has two moves. */
    CHECK_STATUS(xq_square_from_name(S("b0"), &sq), XQ_STATUS_OK);
    CHECK(sq == 1);
    CHECK_STATUS(xq_position_legal_moves_from(pos, sq, moves, XQ_MAX_LEGAL_MOVES, &count), XQ_STATUS_OK);
    CHECK(count == 2);
    for (i = 0; i < count; i++) CHECK(moves[i].from == 1);
    CHECK_STATUS(xq_position_legal_moves_from(pos, 40, moves, XQ_MAX_LEGAL_MOVES, &count), XQ_STATUS_OK);
    CHECK(count == 0);
    /* Chinese in, WXF and traditional Chinese out. */
    CHECK_STATUS(xq_position_parse_move(pos, S("炮二平五"), XQ_NOTATION_AUTO, &mv), XQ_STATUS_OK);
    CHECK(mv.from == 7 + 2 * 9 && mv.to == 4 + 2 * 9);
    CHECK_STATUS(xq_position_move_text(pos, mv, XQ_NOTATION_WXF, text, sizeof text, NULL), XQ_STATUS_OK);
    CHECK(strcmp(text, "C2=5") == 0);
    CHECK_STATUS(xq_position_move_text(pos, mv, XQ_NOTATION_ICCS, text, sizeof text, NULL), XQ_STATUS_OK);
    CHECK(strcmp(text, "h2e2") == 0);
    CHECK_STATUS(xq_position_parse_move(pos, S("马五进四"), XQ_NOTATION_AUTO, &mv), XQ_STATUS_INVALID_NOTATION);
    CHECK_STATUS(xq_position_parse_move(pos, S("C2=5"), XQ_NOTATION_CHINESE, &mv), XQ_STATUS_INVALID_NOTATION);
    CHECK_STATUS(xq_position_play_text(pos, S("炮二平五"), XQ_NOTATION_CHINESE, NULL), XQ_STATUS_OK);
    CHECK_STATUS(xq_position_play_text(pos, S("馬８進７"), XQ_NOTATION_AUTO, &mv), XQ_STATUS_OK);
    CHECK_STATUS(xq_position_clone(pos, &copy), XQ_STATUS_OK);
    CHECK_STATUS(xq_position_parse_move(copy, S("h0g2"), XQ_NOTATION_ICCS, &mv), XQ_STATUS_OK);
    CHECK_STATUS(xq_position_move_text(copy, mv, XQ_NOTATION_CHINESE_TRADITIONAL, text, sizeof text, NULL),
                 XQ_STATUS_OK);
    CHECK(strcmp(text, "馬二進三") == 0);
    /* An illegal move leaves the position as it was. */
    mv.from = 0;
    mv.to = 9 * 9;
    CHECK_STATUS(xq_position_play(copy, mv), XQ_STATUS_ILLEGAL_MOVE);
    CHECK_STATUS(xq_position_fen(copy, text, sizeof text, NULL), XQ_STATUS_OK);
    {
        char original[128];
        CHECK_STATUS(xq_position_fen(pos, original, sizeof original, NULL), XQ_STATUS_OK);
        CHECK(strcmp(original, text) == 0);
    }
    CHECK_STATUS(xq_position_status(pos, &status), XQ_STATUS_OK);
    CHECK(status.turn == XQ_COLOR_RED && !status.is_check && status.termination == XQ_TERMINATION_NONE);
    xq_position_free(copy);
    xq_position_free(pos);
    /* Stalemate loses in xiangqi. */
    CHECK_STATUS(xq_position_from_fen(S("4k4/4a4/9/9/9/9/9/9/3r1r3/4K4 w - - 0 2"), &pos), XQ_STATUS_OK);
    CHECK_STATUS(xq_position_status(pos, &status), XQ_STATUS_OK);
    CHECK(status.is_stalemate && !status.is_checkmate && status.winner == XQ_COLOR_BLACK &&
          status.termination == XQ_TERMINATION_STALEMATE && status.legal_move_count == 0);
    xq_position_free(pos);
}

static void test_game(void) {
    XqGame *game = NULL, *copy = NULL;
    XqMove mv;
    XqVerdict v;
    XqRootAnalysis root;
    XqProtector protectors[4];
    XqPosition *pos = NULL;
    size_t len = 0, count = 0;
    char text[64];
    static const char *perpetual[] = {"f0e0", "e8f8", "e0f0", "f8e8", "f0e0", "e8f8", "e0f0", "f8e8"};
    size_t i;
    CHECK_STATUS(xq_game_from_fen(S("2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1"), XQ_RULES_CXA, &game), XQ_STATUS_OK);
    CHECK_STATUS(xq_game_pop(game, &mv), XQ_STATUS_OUT_OF_RANGE);
    CHECK_STATUS(xq_game_peek(game, &mv), XQ_STATUS_OUT_OF_RANGE);
    CHECK_STATUS(xq_game_verdict(game, &v), XQ_STATUS_OK);
    CHECK(v.kind == XQ_VERDICT_KIND_CONTINUE && v.reason == XQ_REASON_NONE && v.side == XQ_COLOR_NONE);
    for (i = 0; i < 8; i++) CHECK_STATUS(xq_game_push_text(game, S(perpetual[i]), XQ_NOTATION_ICCS, NULL), XQ_STATUS_OK);
    CHECK_STATUS(xq_game_verdict(game, &v), XQ_STATUS_OK);
    CHECK(v.kind == XQ_VERDICT_KIND_LOSS && v.side == XQ_COLOR_RED && v.reason == XQ_REASON_PERPETUAL_CHECK);
    CHECK(strcmp(v.article, "24.1, 26.1") == 0 && v.window_start == 0 && v.window_end == 8);
    CHECK(v.red_profile == XQ_SIDE_PROFILE_PERPETUAL_CHECK);
    CHECK_STATUS(xq_game_verdict_at(game, 9, &v), XQ_STATUS_OUT_OF_RANGE);
    CHECK_STATUS(xq_game_verdict_at(game, 4, &v), XQ_STATUS_OK);
    CHECK(v.kind == XQ_VERDICT_KIND_CONTINUE);
    CHECK_STATUS(xq_game_move_text(game, 0, XQ_NOTATION_CHINESE, text, sizeof text, NULL), XQ_STATUS_OK);
    CHECK(strcmp(text, "车四平五") == 0);
    CHECK_STATUS(xq_game_move_text(game, 8, XQ_NOTATION_CHINESE, text, sizeof text, NULL), XQ_STATUS_OUT_OF_RANGE);
    CHECK_STATUS(xq_game_clone(game, &copy), XQ_STATUS_OK);
    CHECK_STATUS(xq_game_pop(copy, &mv), XQ_STATUS_OK);
    CHECK_STATUS(xq_game_len(copy, &len), XQ_STATUS_OK);
    CHECK(len == 7);
    CHECK_STATUS(xq_game_len(game, &len), XQ_STATUS_OK);
    CHECK(len == 8);
    CHECK_STATUS(xq_game_classify(game, 8, NULL), XQ_STATUS_NULL_ARGUMENT);
    {
        XqClassification c;
        CHECK_STATUS(xq_game_classify(game, 8, &c), XQ_STATUS_OUT_OF_RANGE);
        CHECK_STATUS(xq_game_classify(game, 0, &c), XQ_STATUS_OK);
        CHECK(c.move_class == XQ_MOVE_CLASS_CHECK && strcmp(c.name, "check") == 0 && c.side == XQ_COLOR_RED);
    }
    CHECK_STATUS(xq_game_position_at(game, 9, &pos), XQ_STATUS_OUT_OF_RANGE);
    CHECK(pos == NULL);
    xq_game_free(copy);
    xq_game_free(game);
    /* Root analysis: the black horse on c5 against the red chariot on i5 is unrooted; an empty square is an
     * error. */
    CHECK_STATUS(xq_position_from_fen(S("3k5/9/9/9/2n5R/9/9/9/9/4K4 w - - 0 1"), &pos), XQ_STATUS_OK);
    CHECK_STATUS(xq_position_analyse_root(pos, 2 + 5 * 9, 8 + 5 * 9, &root, protectors, 4, &count), XQ_STATUS_OK);
    CHECK(root.rooting == XQ_ROOTING_UNROOTED && count == 0 && root.exchange_gain > 0);
    CHECK_STATUS(xq_position_analyse_root(pos, 40, 8 + 5 * 9, &root, protectors, 4, &count),
                 XQ_STATUS_ROOT_ANALYSIS_ERROR);
    CHECK(last_error_contains("no piece on e4"));
    xq_position_free(pos);
}

/* Reads every record left in `reader`, each of which must read whole, and returns how many there were. */
static size_t count_whole_records(XqRecordReader *reader) {
    XqRecord *record = NULL;
    XqStatus status;
    size_t count = 0;
    while ((status = xq_record_reader_next(reader, &record)) != XQ_STATUS_END_OF_RECORDS) {
        CHECK(status == XQ_STATUS_OK);
        count++;
        xq_record_free(record);
    }
    return count;
}

static void test_records(const char *data_dir) {
    static const char pgn[] = "[Event \"one\"]\n[Red \"A\"]\n1. h2e2 h9g7 2. h0g2 1-0\n\n"
                              "[Event \"two\"]\n1. h2e2 h9g7 2. h2h8 *\n";
    XqRecordReader *reader = NULL;
    XqRecord *record = NULL;
    XqMove moves[8];
    XqLocation loc;
    XqGameResult result;
    XqFormat format;
    XqGame *game = NULL;
    XqStatus status;
    size_t count = 0;
    char text[256], path[1024];
    unsigned char *xqf;
    size_t xqf_size = 0, cut, errors = 0, cut_games = 0;

    CHECK_STATUS(xq_record_reader_from_buffer((const uint8_t *)pgn, strlen(pgn), XQ_FORMAT_AUTO, &reader), XQ_STATUS_OK);
    CHECK_STATUS(xq_record_reader_format(reader, &format), XQ_STATUS_OK);
    CHECK(format == XQ_FORMAT_PGN);
    CHECK_STATUS(xq_record_reader_next(reader, &record), XQ_STATUS_OK);
    CHECK_STATUS(xq_record_tag(record, S("Red"), text, sizeof text, NULL), XQ_STATUS_OK);
    CHECK(strcmp(text, "A") == 0);
    CHECK_STATUS(xq_record_tag(record, S("Black"), text, sizeof text, NULL), XQ_STATUS_NOT_FOUND);
    CHECK_STATUS(xq_record_tag_count(record, &count), XQ_STATUS_OK);
    CHECK(count == 2);
    CHECK_STATUS(xq_record_tag_name(record, 5, text, sizeof text, NULL), XQ_STATUS_OUT_OF_RANGE);
    CHECK_STATUS(xq_record_result(record, &result), XQ_STATUS_OK);
    CHECK(result == XQ_GAME_RESULT_RED_WINS);
    CHECK_STATUS(xq_record_moves(record, moves, 8, &count), XQ_STATUS_OK);
    CHECK(count == 3);
    CHECK_STATUS(xq_record_moves(record, moves, 2, &count), XQ_STATUS_BUFFER_TOO_SMALL);
    CHECK_STATUS(xq_record_error_location(record, &loc), XQ_STATUS_NOT_FOUND);
    CHECK_STATUS(xq_record_to_game(record, XQ_RULES_CXA, &game), XQ_STATUS_OK);
    CHECK_STATUS(xq_game_len(game, &count), XQ_STATUS_OK);
    CHECK(count == 3);
    xq_game_free(game);
    xq_record_free(record);
    /* The second game has an illegal move: an error naming where, with what was read before it. */
    CHECK_STATUS(xq_record_reader_next(reader, &record), XQ_STATUS_RECORD_ERROR);
    CHECK(record != NULL);
    CHECK_STATUS(xq_record_error_status(record, &status), XQ_STATUS_OK);
    CHECK(status == XQ_STATUS_RECORD_ERROR);
    CHECK_STATUS(xq_record_error_location(record, &loc), XQ_STATUS_OK);
    CHECK(loc.game_index == 1 && loc.has_ply && loc.ply == 3 && loc.has_line && loc.has_token);
    CHECK_STATUS(xq_record_error_token(record, text, sizeof text, NULL), XQ_STATUS_OK);
    CHECK(strcmp(text, "h2h8") == 0);
    CHECK_STATUS(xq_record_error_message(record, text, sizeof text, NULL), XQ_STATUS_OK);
    CHECK(strlen(text) > 0);
    CHECK_STATUS(xq_record_moves(record, moves, 8, &count), XQ_STATUS_OK);
    CHECK(count == 2);
    xq_record_free(record);
    CHECK_STATUS(xq_record_reader_next(reader, &record), XQ_STATUS_END_OF_RECORDS);
    CHECK(record == NULL);
    CHECK_STATUS(xq_record_reader_next(reader, &record), XQ_STATUS_END_OF_RECORDS);
    xq_record_reader_free(reader);

    /* From a path; a missing file is an I/O error. */
    sprintf(path, "%.900s/records/SAMPLE.PGN", data_dir);
    CHECK_STATUS(xq_record_reader_open(S(path), XQ_FORMAT_AUTO, &reader), XQ_STATUS_OK);
    count = count_whole_records(reader);
    CHECK(count >= 1);
    xq_record_reader_free(reader);
    CHECK_STATUS(xq_record_reader_open(S("/nonexistent/games.pgn"), XQ_FORMAT_AUTO, &reader), XQ_STATUS_IO_ERROR);
    CHECK(reader == NULL);
    /* A ChessBridge container that is recognised and refused; a CBR cut inside its header is a record error. */
    CHECK_STATUS(xq_record_reader_from_buffer((const uint8_t *)"CCBridge\x15\0\0\0\x03\0\0\0", 12, XQ_FORMAT_AUTO,
                                              &reader),
                 XQ_STATUS_OK);
    CHECK_STATUS(xq_record_reader_format(reader, &format), XQ_STATUS_OK);
    CHECK(format == XQ_FORMAT_CHESS_BRIDGE);
    CHECK_STATUS(xq_record_reader_next(reader, &record), XQ_STATUS_UNSUPPORTED_FORMAT);
    CHECK_STATUS(xq_record_tag_count(record, &count), XQ_STATUS_RECORD_ERROR);
    xq_record_free(record);
    xq_record_reader_free(reader);
    CHECK_STATUS(xq_record_reader_from_buffer((const uint8_t *)"CCBridge Record", 15, XQ_FORMAT_AUTO, &reader),
                 XQ_STATUS_OK);
    CHECK_STATUS(xq_record_reader_next(reader, &record), XQ_STATUS_RECORD_ERROR);
    xq_record_free(record);
    xq_record_reader_free(reader);
    /* A ChessBridge library: one game per index entry. */
    sprintf(path, "%.900s/chessbridge/1989年龙化杯象棋名师邀请赛35局.CBL", data_dir);
    CHECK_STATUS(xq_record_reader_open(S(path), XQ_FORMAT_AUTO, &reader), XQ_STATUS_OK);
    count = count_whole_records(reader);
    CHECK(count == 38);
    xq_record_reader_free(reader);

    /* A real XQF file, whole and cut short at many lengths: a game or an error, never a crash. */
    sprintf(path, "%.900s/xqf/29b91541ab49.xqf", data_dir);
    xqf = read_file(path, &xqf_size);
    CHECK(xqf != NULL && xqf_size > 1024);
    if (xqf == NULL) return;
    CHECK_STATUS(xq_record_reader_from_buffer(xqf, xqf_size, XQ_FORMAT_AUTO, &reader), XQ_STATUS_OK);
    CHECK_STATUS(xq_record_reader_format(reader, &format), XQ_STATUS_OK);
    CHECK(format == XQ_FORMAT_XQF);
    CHECK_STATUS(xq_record_reader_next(reader, &record), XQ_STATUS_OK);
    CHECK_STATUS(xq_record_start_fen(record, text, sizeof text, NULL), XQ_STATUS_OK);
    xq_record_free(record);
    xq_record_reader_free(reader);
    for (cut = 0; cut < xqf_size; cut += (cut < 1100 ? 7 : 1)) {
        /* A copy of exactly `cut` bytes, so that a read past the end is caught by the sanitizers. */
        unsigned char *part = (unsigned char *)malloc(cut ? cut : 1);
        if (part == NULL) break;
        memcpy(part, xqf, cut);
        status = xq_record_reader_from_buffer(part, cut, XQ_FORMAT_XQF, &reader);
        free(part);
        CHECK(status == XQ_STATUS_OK);
        if (status != XQ_STATUS_OK) continue;
        while ((status = xq_record_reader_next(reader, &record)) != XQ_STATUS_END_OF_RECORDS) {
            size_t warnings = 0;
            CHECK(status == XQ_STATUS_OK || status == XQ_STATUS_RECORD_ERROR);
            (void)warnings;
            if (status == XQ_STATUS_RECORD_ERROR) {
                errors++;
                CHECK(xq_record_error_location(record, &loc) == XQ_STATUS_OK && loc.byte_offset <= cut);
                /* Cut inside the moves: an error saying so, with the moves before the cut kept. */
                CHECK_STATUS(xq_record_error_message(record, text, sizeof text, NULL), XQ_STATUS_OK);
                if (strstr(text, "cut short") != NULL) cut_games++;
            } else {
                /* A cut file never reads as a whole, shorter game. */
                CHECK(0);
            }
            xq_record_free(record);
        }
        xq_record_reader_free(reader);
    }
    CHECK(errors > 100 && cut_games > 20);
    free(xqf);
}

/* The move tree of a record: variations, comments and NAGs, walked by the links. */
static void test_record_tree(void) {
    static const char pgn[] = "{Opening} 1. h2e2 {Central cannon} (1. b2e2 $1 h9g7) (1. c3c4 $2 $14) h9g7 2. h0g2 *\n";
    XqRecordReader *reader = NULL;
    XqRecord *record = NULL;
    XqRecordNode root, main_move, first_variation, second_variation, reply, node;
    XqPosition *pos = NULL;
    uint8_t nags[4];
    char text[64], fen[128];
    size_t count = 0, nodes = 0, i, moves_seen = 0;

    /* Zeroed, so that a failed call leaves nodes that fail the checks below rather than garbage. */
    memset(&root, 0, sizeof root);
    memset(&main_move, 0, sizeof main_move);
    memset(&first_variation, 0, sizeof first_variation);
    memset(&second_variation, 0, sizeof second_variation);
    memset(&reply, 0, sizeof reply);
    memset(&node, 0, sizeof node);
    CHECK_STATUS(xq_record_reader_from_buffer((const uint8_t *)pgn, strlen(pgn), XQ_FORMAT_PGN, &reader), XQ_STATUS_OK);
    CHECK_STATUS(xq_record_reader_next(reader, &record), XQ_STATUS_OK);
    if (record == NULL) {
        xq_record_reader_free(reader);
        return;
    }
    CHECK_STATUS(xq_record_node_count(record, &nodes), XQ_STATUS_OK);
    CHECK(nodes == 7); /* the root, h2e2 h9g7 h0g2, b2e2 h9g7, c3c4 */

    CHECK_STATUS(xq_record_node(record, 0, &root), XQ_STATUS_OK);
    CHECK(root.parent == XQ_NO_NODE && !root.has_move && root.ply == 0 && root.has_comment);
    CHECK_STATUS(xq_record_node_comment(record, 0, text, sizeof text, NULL), XQ_STATUS_OK);
    CHECK(strcmp(text, "Opening") == 0);

    CHECK_STATUS(xq_record_node(record, root.first_child, &main_move), XQ_STATUS_OK);
    CHECK(main_move.has_move && main_move.mv.from == 7 + 2 * 9 && main_move.mv.to == 4 + 2 * 9);
    CHECK(main_move.parent == 0 && main_move.ply == 1 && main_move.has_comment && main_move.nag_count == 0);
    CHECK_STATUS(xq_record_node_comment(record, root.first_child, text, sizeof text, NULL), XQ_STATUS_OK);
    CHECK(strcmp(text, "Central cannon") == 0);

    /* The alternatives to the first move are its siblings, in the order written. */
    CHECK_STATUS(xq_record_node(record, main_move.next_sibling, &first_variation), XQ_STATUS_OK);
    CHECK(first_variation.mv.from == 1 + 2 * 9 && first_variation.nag_count == 1 && !first_variation.has_comment);
    CHECK_STATUS(xq_record_node_nags(record, main_move.next_sibling, nags, 4, &count), XQ_STATUS_OK);
    CHECK(count == 1 && nags[0] == 1);
    CHECK(first_variation.first_child != XQ_NO_NODE);
    CHECK_STATUS(xq_record_node(record, first_variation.next_sibling, &second_variation), XQ_STATUS_OK);
    CHECK(second_variation.mv.from == 2 + 3 * 9 && second_variation.nag_count == 2);
    CHECK(second_variation.next_sibling == XQ_NO_NODE && second_variation.first_child == XQ_NO_NODE);
    CHECK_STATUS(xq_record_node_nags(record, first_variation.next_sibling, nags, 1, &count),
                 XQ_STATUS_BUFFER_TOO_SMALL);
    CHECK(count == 2 && nags[0] == 2);

    /* The main continuation, and the position reached at a node. */
    CHECK_STATUS(xq_record_node(record, main_move.first_child, &reply), XQ_STATUS_OK);
    CHECK(reply.ply == 2 && reply.parent == root.first_child && reply.mv.from == 7 + 9 * 9);
    CHECK_STATUS(xq_record_node_position(record, main_move.first_child, &pos), XQ_STATUS_OK);
    CHECK_STATUS(xq_position_fen(pos, fen, sizeof fen, NULL), XQ_STATUS_OK);
    CHECK(strcmp(fen, "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2") == 0);
    xq_position_free(pos);

    /* Every node but the root carries a move, and every link stays inside the tree. */
    for (i = 0; i < nodes; i++) {
        CHECK_STATUS(xq_record_node(record, i, &node), XQ_STATUS_OK);
        moves_seen += node.has_move;
        CHECK(node.parent == XQ_NO_NODE || node.parent < nodes);
        CHECK(node.first_child == XQ_NO_NODE || node.first_child < nodes);
        CHECK(node.next_sibling == XQ_NO_NODE || node.next_sibling < nodes);
    }
    CHECK(moves_seen == nodes - 1);
    CHECK_STATUS(xq_record_node(record, nodes, &node), XQ_STATUS_OUT_OF_RANGE);
    CHECK_STATUS(xq_record_node_comment(record, nodes, text, sizeof text, NULL), XQ_STATUS_OUT_OF_RANGE);
    CHECK_STATUS(xq_record_node_position(record, nodes, &pos), XQ_STATUS_OUT_OF_RANGE);
    CHECK(pos == NULL);
    CHECK_STATUS(xq_record_node(record, 0, NULL), XQ_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(xq_record_node_count(NULL, &nodes), XQ_STATUS_NULL_ARGUMENT);
    xq_record_free(record);
    xq_record_reader_free(reader);
}

static void test_ecco(void) {
    static const char *c45[] = {"h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "g6g5", "h0h6", "b9c7",
                                "c3c4", "h7i7", "h6g6", "i7i8", "b0c2", "d9e8", "b2a2"};
    static const char pgn[] = "[ECCO \"A14\"]\n1. g0e2 b9c7 *\n";
    XqMove moves[15], bad;
    XqEcco e;
    XqGame *game = NULL;
    XqPosition *pos = NULL;
    XqRecordReader *reader = NULL;
    XqRecord *record = NULL;
    size_t i;
    for (i = 0; i < 15; i++) CHECK_STATUS(xq_move_from_iccs(S(c45[i]), &moves[i]), XQ_STATUS_OK);

    /* From a move list (NULL start: the standard one). */
    CHECK_STATUS(xq_ecco_classify(NULL, moves, 15, &e), XQ_STATUS_OK);
    CHECK(strcmp(e.code, "C45") == 0 && strcmp(e.group, "C4") == 0);
    CHECK(strcmp(e.opening, "中炮过河车互进七兵对屏风马平炮兑车") == 0);
    CHECK(strcmp(e.variation, "红左边炮对黑退边炮上右士") == 0);
    CHECK(strcmp(e.opening_traditional, "中炮過河車互進七兵對屏風馬平炮兌車") == 0);
    CHECK(strcmp(e.group_name, "中炮过河车互进七兵对屏风马平炮兑车") == 0);
    /* Two plies only: 炮二平五 马8进7 with nothing after. */
    CHECK_STATUS(xq_ecco_classify(NULL, moves, 2, &e), XQ_STATUS_OK);
    CHECK(e.code[0] == 'B' && e.variation != NULL);

    /* No code, with the reason. */
    CHECK_STATUS(xq_ecco_classify(NULL, NULL, 0, &e), XQ_STATUS_NO_ECCO_CODE);
    CHECK(last_error_contains("no moves"));
    CHECK_STATUS(xq_position_from_fen(S("3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1"), &pos), XQ_STATUS_OK);
    CHECK_STATUS(xq_ecco_classify(pos, moves, 1, &e), XQ_STATUS_NO_ECCO_CODE);
    CHECK(last_error_contains("set-up position"));
    xq_position_free(pos);
    CHECK_STATUS(xq_move_from_iccs(S("h2h9"), &bad), XQ_STATUS_OK);
    moves[2] = bad;
    CHECK_STATUS(xq_ecco_classify(NULL, moves, 15, &e), XQ_STATUS_ILLEGAL_MOVE);
    CHECK(last_error_contains("ply 3: h2h9"));
    bad.from = 200;
    CHECK_STATUS(xq_ecco_classify(NULL, &bad, 1, &e), XQ_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(xq_ecco_classify(NULL, NULL, 3, &e), XQ_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(xq_ecco_classify(NULL, moves, 1, NULL), XQ_STATUS_NULL_ARGUMENT);

    /* A game, and a game from a composed position. */
    CHECK_STATUS(xq_game_from_fen(S(START_FEN), XQ_RULES_CXA, &game), XQ_STATUS_OK);
    CHECK_STATUS(xq_game_ecco(game, &e), XQ_STATUS_NO_ECCO_CODE);
    CHECK_STATUS(xq_game_push_text(game, S("炮八平五"), XQ_NOTATION_AUTO, NULL), XQ_STATUS_OK);
    CHECK_STATUS(xq_game_push_text(game, S("马2进3"), XQ_NOTATION_AUTO, NULL), XQ_STATUS_OK);
    CHECK_STATUS(xq_game_ecco(game, &e), XQ_STATUS_OK);
    CHECK(e.code[0] == 'B'); /* mirrored: read as 炮二平五 马8进7 */
    xq_game_free(game);
    game = NULL;
    CHECK_STATUS(xq_game_from_fen(S("3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1"), XQ_RULES_CXA, &game), XQ_STATUS_OK);
    CHECK_STATUS(xq_game_push_text(game, S("e1e2"), XQ_NOTATION_ICCS, NULL), XQ_STATUS_OK);
    CHECK_STATUS(xq_game_ecco(game, &e), XQ_STATUS_NO_ECCO_CODE);
    CHECK_STATUS(xq_game_ecco(NULL, &e), XQ_STATUS_NULL_ARGUMENT);
    xq_game_free(game);

    /* A record: the computed code next to its tag. */
    CHECK_STATUS(xq_record_reader_from_buffer((const uint8_t *)pgn, strlen(pgn), XQ_FORMAT_AUTO, &reader), XQ_STATUS_OK);
    CHECK_STATUS(xq_record_reader_next(reader, &record), XQ_STATUS_OK);
    CHECK_STATUS(xq_record_ecco(record, &e), XQ_STATUS_OK);
    CHECK(strcmp(e.code, "A14") == 0 && strcmp(e.opening, "飞相对进右马") == 0 && strcmp(e.variation, "") == 0);
    xq_record_free(record);
    xq_record_reader_free(reader);

    /* Names by code. */
    CHECK_STATUS(xq_ecco_from_code(S("C02"), &e), XQ_STATUS_OK);
    CHECK(strcmp(e.variation_traditional, "紅左馬盤河") == 0 && strcmp(e.group_name_traditional, "中炮對屏風馬(一)") == 0);
    CHECK_STATUS(xq_ecco_from_code(S("Z99"), &e), XQ_STATUS_NOT_FOUND);
    CHECK_STATUS(xq_ecco_from_code(NULL, 0, &e), XQ_STATUS_NOT_FOUND);
}

/* A megabyte of bad text gives a short message that quotes its first 64 characters and states its length. */
static void test_long_bad_input(void) {
    enum { MEGABYTE = 1 << 20 };
    char *text = malloc(MEGABYTE + 1);
    XqPosition *pos = NULL;
    XqGame *game = NULL;
    XqMove mv;
    CHECK(text != NULL);
    if (text == NULL) return;
    memset(text, 'r', MEGABYTE);
    text[MEGABYTE] = '\0';
    CHECK_STATUS(xq_position_from_fen(text, MEGABYTE, &pos), XQ_STATUS_INVALID_FEN);
    CHECK(xq_last_error_message(NULL, 0) < 1024);
    CHECK(last_error_contains("(1048576 bytes)"));
    CHECK_STATUS(xq_position_new(&pos), XQ_STATUS_OK);
    memset(text, 'C', MEGABYTE);
    CHECK_STATUS(xq_position_parse_move(pos, text, MEGABYTE, XQ_NOTATION_AUTO, &mv), XQ_STATUS_INVALID_NOTATION);
    CHECK(xq_last_error_message(NULL, 0) < 1024);
    CHECK(last_error_contains("(1048576 bytes)"));
    CHECK_STATUS(xq_game_new(pos, XQ_RULES_CXA, &game), XQ_STATUS_OK);
    CHECK_STATUS(xq_game_push_text(game, text, MEGABYTE, XQ_NOTATION_WXF, NULL), XQ_STATUS_INVALID_NOTATION);
    CHECK(xq_last_error_message(NULL, 0) < 1024);
    CHECK_STATUS(xq_move_from_iccs(text, MEGABYTE, &mv), XQ_STATUS_INVALID_NOTATION);
    CHECK(xq_last_error_message(NULL, 0) < 1024);
    xq_game_free(game);
    xq_position_free(pos);
    free(text);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s DATA_DIR\n", argv[0]);
        return 2;
    }
    test_version_and_status_names();
    test_null_arguments();
    test_garbage_fen_and_utf8();
    test_bad_enums_and_squares();
    test_buffers_and_last_error();
    test_position_and_notation();
    test_game();
    test_records(argv[1]);
    test_record_tree();
    test_ecco();
    test_long_bad_input();
    if (failures > 0) {
        fprintf(stderr, "test_api: %d of %d checks failed\n", failures, checks);
        return 1;
    }
    printf("test_api: %d checks passed\n", checks);
    return 0;
}
