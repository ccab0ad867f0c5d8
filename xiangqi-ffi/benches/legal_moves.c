/* Times xq_position_legal_moves() through the C API: `legal_moves POSITIONS.txt CALLS ROUNDS` reads lines
 * "NAME FEN" and prints "NAME NS_PER_CALL" (the best round) for each. Part of `make bench-ffi`. */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "xiangqi.h"

static double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

int main(int argc, char **argv) {
    char line[512];
    FILE *f;
    long calls, rounds;
    volatile size_t sink = 0;
    if (argc != 4 || (f = fopen(argv[1], "r")) == NULL) {
        fprintf(stderr, "usage: legal_moves POSITIONS.txt CALLS ROUNDS\n");
        return 2;
    }
    calls = atol(argv[2]);
    rounds = atol(argv[3]);
    while (fgets(line, sizeof line, f) != NULL) {
        char *name = strtok(line, " "), *fen = strtok(NULL, "\n");
        XqPosition *pos = NULL;
        XqMove moves[XQ_MAX_LEGAL_MOVES];
        double best = 1e300;
        long r, i;
        if (name == NULL || fen == NULL) continue;
        if (xq_position_from_fen(fen, strlen(fen), &pos) != XQ_STATUS_OK) {
            fprintf(stderr, "%s: bad FEN\n", name);
            return 1;
        }
        for (r = 0; r < rounds + 1; r++) { /* the first round warms up */
            double start = now_ns(), per_call;
            for (i = 0; i < calls; i++) {
                size_t count = 0;
                if (xq_position_legal_moves(pos, moves, XQ_MAX_LEGAL_MOVES, &count) != XQ_STATUS_OK) return 1;
                sink += count + moves[count - 1].to;
            }
            per_call = (now_ns() - start) / (double)calls;
            if (r > 0 && per_call < best) best = per_call;
        }
        printf("%s %.1f\n", name, best);
        xq_position_free(pos);
    }
    fclose(f);
    return sink == 0;
}
