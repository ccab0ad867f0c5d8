/* Links xiangqi and checks that the header and the library agree. Used by `make cmake-test`. */
#include <stdio.h>
#include <string.h>

#include "xiangqi.h"

int main(void) {
    XqPosition *pos = NULL;
    size_t count = 0;
    XqMove moves[XQ_MAX_LEGAL_MOVES];
    if (strcmp(xq_version(), XQ_VERSION_STRING) != 0) {
        fprintf(stderr, "header %s, library %s\n", XQ_VERSION_STRING, xq_version());
        return 1;
    }
    if (xq_position_new(&pos) != XQ_STATUS_OK ||
        xq_position_legal_moves(pos, moves, XQ_MAX_LEGAL_MOVES, &count) != XQ_STATUS_OK || count != 44) {
        fprintf(stderr, "unexpected legal moves\n");
        return 1;
    }
    xq_position_free(pos);
    printf("C consumer: xiangqi %s, 44 legal moves at the start\n", xq_version());
    return 0;
}
