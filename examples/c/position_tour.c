/* A tour of the C API: load a FEN, show the legal moves of one piece, play moves given in Chinese notation,
 * print the position's status and the arbiter's verdict with its explanation.
 *
 * Build: cc -std=c99 -Iinclude examples/c/position_tour.c libxiangqi.a -lpthread -ldl -lm
 * (or link the xiangqi::xiangqi CMake target, or use `pkg-config --cflags --libs xiangqi`). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xiangqi.h"

/* Prints the failed call and the library's message, and stops. */
static void check(XqStatus status, const char *what) {
    char message[512];
    if (status == XQ_STATUS_OK) return;
    xq_last_error_message(message, sizeof message);
    fprintf(stderr, "%s: %s: %s\n", what, xq_status_name(status), message);
    exit(1);
}

int main(void) {
    const char *fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    /* After the opening moves, both horses go back and out again, twice: the position repeats a third time. */
    const char *moves[] = {"炮二平五", "马８进７", "马二进三", "马２进３", "马三退二", "马７退８",
                           "马二进三", "马８进７", "马三退二", "马７退８", "马二进三", "马８进７"};
    XqPosition *pos = NULL;
    XqGame *game = NULL;
    XqMove targets[XQ_MAX_LEGAL_MOVES];
    XqPositionStatus status;
    XqVerdict verdict;
    size_t count = 0, i, needed = 0;
    uint8_t horse;
    char text[64];
    char *explanation;

    printf("xiangqi %s\n", xq_version());
    check(xq_position_from_fen(fen, strlen(fen), &pos), "reading the FEN");

    /* The legal moves of the horse on h0, as a board shows them when the piece is picked up. */
    check(xq_square_from_name("h0", 2, &horse), "naming h0");
    check(xq_position_legal_moves_from(pos, horse, targets, XQ_MAX_LEGAL_MOVES, &count), "listing moves");
    printf("the horse on h0 can go to:");
    for (i = 0; i < count; i++) {
        check(xq_position_move_text(pos, targets[i], XQ_NOTATION_CHINESE, text, sizeof text, NULL), "writing");
        printf(" %s", text);
    }
    printf("\n");

    /* A game from that position, judged by the Chinese Xiangqi Association rules. */
    check(xq_game_new(pos, XQ_RULES_CXA, &game), "starting a game");
    for (i = 0; i < sizeof moves / sizeof moves[0]; i++) {
        XqMove played;
        char iccs[8];
        check(xq_game_push_text(game, moves[i], strlen(moves[i]), XQ_NOTATION_AUTO, &played), moves[i]);
        check(xq_move_to_iccs(played, iccs, sizeof iccs, NULL), "ICCS");
        printf("%2lu. %s (%s)\n", (unsigned long)i + 1, moves[i], iccs);
    }

    /* The position now: check, mate or stalemate. */
    xq_position_free(pos);
    check(xq_game_position(game, &pos), "current position");
    check(xq_position_status(pos, &status), "status");
    printf("%s to move, %u legal moves%s%s%s\n", status.turn == XQ_COLOR_RED ? "red" : "black",
           status.legal_move_count, status.is_check ? ", in check" : "", status.is_checkmate ? ", checkmate" : "",
           status.is_stalemate ? ", stalemate" : "");

    /* The verdict as data, then as text: ask for the length first, then fetch. */
    check(xq_game_verdict(game, &verdict), "verdict");
    check(xq_game_verdict_summary(game, text, sizeof text, NULL), "summary");
    printf("verdict: %s%s (rule %s), plies %lu-%lu\n", text,
           verdict.kind == XQ_VERDICT_KIND_MUST_CHANGE ? ", must change" : "", verdict.article,
           (unsigned long)verdict.window_start + 1, (unsigned long)verdict.window_end);
    for (i = verdict.window_start; i < verdict.window_end; i++) {
        XqClassification c;
        check(xq_game_classify(game, i, &c), "classify");
        printf("  ply %lu: %s\n", (unsigned long)i + 1, c.label);
    }
    xq_game_verdict_explanation(game, NULL, 0, &needed);
    explanation = (char *)malloc(needed + 1);
    if (explanation == NULL) return 1;
    check(xq_game_verdict_explanation(game, explanation, needed + 1, NULL), "explanation");
    printf("%s\n", explanation);

    free(explanation);
    xq_position_free(pos);
    xq_game_free(game);
    return 0;
}
