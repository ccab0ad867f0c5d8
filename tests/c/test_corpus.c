/* The bulk engine through the C API: xq_corpus_analyse() writes the tables (the Makefile compares them with
 * what the `xiangqi analyse` command writes for the same input), xq_corpus_batches() hands Arrow C data
 * interface batches over, callbacks stop a run, and bad arguments are refused with a status and a message.
 * Usage: test_corpus RECORDS_DIR GAMES_OUT PLIES_OUT. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xiangqi.h"

#include "check.h"

static int last_error_contains(const char *needle) {
    char message[1024];
    xq_last_error_message(message, sizeof message);
    return strstr(message, needle) != NULL;
}

/* Where test_batches() writes a small table: beside the main games table. */
static const char *out_dir_games = NULL;
#define S_GAMES_OUT progress_table()

static const char *progress_table(void) {
    static char path[4096];
    snprintf(path, sizeof path, "%s.progress.jsonl", out_dir_games);
    return path;
}

static XqCorpusInput path_input(const char *path) {
    XqCorpusInput input;
    input.name = path;
    input.name_len = strlen(path);
    input.bytes = NULL;
    input.bytes_len = 0;
    return input;
}

static XqCorpusInput bytes_input(const char *name, const char *text) {
    XqCorpusInput input;
    input.name = name;
    input.name_len = strlen(name);
    input.bytes = (const uint8_t *)text;
    input.bytes_len = strlen(text);
    return input;
}

/* The index of a child field of a struct schema by name, -1 when absent. */
static int64_t field_index(const struct ArrowSchema *schema, const char *name) {
    int64_t i;
    for (i = 0; i < schema->n_children; i++) {
        if (strcmp(schema->children[i]->name, name) == 0) {
            return i;
        }
    }
    return -1;
}

typedef struct {
    int batches;
    int64_t game_rows;
    int64_t ply_rows;
    int64_t error_rows;
    int schemas_ok;
    int stop_after;
    struct ArrowSchema kept; /* one schema moved out of a callback, released by the test */
} Tally;

/* The `status` column is dictionary-encoded (int32 indices into UTF-8 values): counts the rows whose status
 * is "error". -1 when the column is not as docs/schema.md says. */
static int64_t count_errors(const struct ArrowArray *games, const struct ArrowSchema *schema) {
    int64_t column = field_index(schema, "status");
    int64_t row, count = 0;
    const struct ArrowArray *status, *values;
    const int32_t *indices, *offsets;
    const char *data;
    if (column < 0 || strcmp(schema->children[column]->format, "i") != 0 || schema->children[column]->dictionary == NULL ||
        strcmp(schema->children[column]->dictionary->format, "u") != 0) {
        return -1;
    }
    status = games->children[column];
    values = status->dictionary;
    indices = (const int32_t *)status->buffers[1];
    offsets = (const int32_t *)values->buffers[1];
    data = (const char *)values->buffers[2];
    for (row = 0; row < status->length; row++) {
        int32_t value = indices[row + status->offset] + (int32_t)values->offset;
        int32_t start = offsets[value], end = offsets[value + 1];
        if (end - start == 5 && memcmp(data + start, "error", 5) == 0) {
            count++;
        }
    }
    return count;
}

static int on_batch(struct ArrowArray *games, struct ArrowSchema *games_schema, struct ArrowArray *plies,
                    struct ArrowSchema *plies_schema, void *user) {
    Tally *tally = (Tally *)user;
    tally->batches++;
    tally->game_rows += games->length;
    tally->error_rows += count_errors(games, games_schema);
    if (strcmp(games_schema->format, "+s") != 0 || field_index(games_schema, "game_id") != 0 ||
        games->n_children != games_schema->n_children || games->release == NULL) {
        tally->schemas_ok = 0;
    }
    if (plies != NULL) {
        tally->ply_rows += plies->length;
        if (field_index(plies_schema, "iccs") < 0 || field_index(plies_schema, "game_id") != 0) {
            tally->schemas_ok = 0;
        }
        if (tally->kept.release == NULL) {
            /* Moved out: the library must not release it. */
            tally->kept = *plies_schema;
            plies_schema->release = NULL;
        }
    }
    return tally->batches >= tally->stop_after;
}

typedef struct {
    int calls;
    XqCorpusProgress last;
} Progress;

static int record_progress(const XqCorpusProgress *progress, void *user) {
    Progress *seen = (Progress *)user;
    seen->calls++;
    seen->last = *progress;
    return 0;
}

static void test_arguments(void) {
    XqCorpusOptions options;
    XqCorpusInput input = path_input("nowhere");
    XqCorpusSummary summary;
    CHECK_STATUS(xq_corpus_options_default(NULL), XQ_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(xq_corpus_options_default(&options), XQ_STATUS_OK);
    CHECK(options.threads == 0 && options.games_start == 0 && options.games_end == UINT64_MAX && !options.plies);
    CHECK(strcmp(xq_corpus_schema_version(), "1") == 0);

    CHECK_STATUS(xq_corpus_analyse(&input, 1, NULL, "out.txt", 7, NULL, 0, &summary), XQ_STATUS_INVALID_ARGUMENT);
    CHECK(last_error_contains("out.txt"));
    CHECK_STATUS(xq_corpus_analyse(NULL, 1, NULL, "g.jsonl", 7, NULL, 0, NULL), XQ_STATUS_NULL_ARGUMENT);
    options.rules = 99;
    CHECK_STATUS(xq_corpus_batches(&input, 1, &options, on_batch, NULL), XQ_STATUS_INVALID_ARGUMENT);
    CHECK(last_error_contains("rules"));
    CHECK_STATUS(xq_corpus_options_default(&options), XQ_STATUS_OK);
    options.games_start = 5;
    options.games_end = 2;
    CHECK_STATUS(xq_corpus_batches(&input, 1, &options, on_batch, NULL), XQ_STATUS_INVALID_ARGUMENT);
    CHECK(last_error_contains("games_start"));
    CHECK_STATUS(xq_corpus_batches(&input, 1, NULL, NULL, NULL), XQ_STATUS_NULL_ARGUMENT);
    input.name = "\xff\xfe";
    input.name_len = 2;
    CHECK_STATUS(xq_corpus_batches(&input, 1, NULL, on_batch, NULL), XQ_STATUS_INVALID_UTF8);
    /* With plies asked for, the plies path must be a table file too. */
    input = path_input("nowhere");
    options.games_start = 0;
    options.games_end = UINT64_MAX;
    options.plies = true;
    CHECK_STATUS(xq_corpus_analyse(&input, 1, &options, "g.jsonl", 7, NULL, 0, NULL), XQ_STATUS_INVALID_ARGUMENT);
    CHECK(last_error_contains("plies_path"));
}

static void test_tables(const char *records, const char *games_out, const char *plies_out) {
    XqCorpusOptions options;
    XqCorpusInput input = path_input(records);
    XqCorpusSummary summary;
    memset(&summary, 0, sizeof summary);
    CHECK_STATUS(xq_corpus_options_default(&options), XQ_STATUS_OK);
    options.plies = true;
    options.threads = 2;
    CHECK_STATUS(xq_corpus_analyse(&input, 1, &options, games_out, strlen(games_out), plies_out, strlen(plies_out),
                                   &summary),
                 XQ_STATUS_OK);
    CHECK(summary.sources >= 2 && summary.games > 100 && summary.plies > 1000 && !summary.cancelled);
    CHECK(summary.complete + summary.truncated + summary.errors == summary.games);
    printf("test_corpus: %s: %llu sources, %llu games, %llu plies, %llu errors\n", records,
           (unsigned long long)summary.sources, (unsigned long long)summary.games,
           (unsigned long long)summary.plies, (unsigned long long)summary.errors);
}

static void test_batches(void) {
    const char *pgn = "[Event \"one\"]\n1. h2e2 h9g7 *\n\n[Event \"two\"]\n1. h2e2 h9g7 2. h0h5 *\n\n"
                      "[Event \"three\"]\n1. h2e2 h7e7 1-0\n";
    XqCorpusInput inputs[3];
    XqCorpusOptions options;
    XqCorpusSummary summary;
    Tally tally;
    inputs[0] = bytes_input("memory.pgn", pgn);
    inputs[1] = path_input("no/such/file.pgn");
    inputs[2] = bytes_input("empty.pgn", "");
    memset(&tally, 0, sizeof tally);
    tally.schemas_ok = 1;
    tally.stop_after = 1000;
    CHECK_STATUS(xq_corpus_options_default(&options), XQ_STATUS_OK);
    options.plies = true;
    options.user = &tally;
    CHECK_STATUS(xq_corpus_batches(inputs, 3, &options, on_batch, &summary), XQ_STATUS_OK);
    /* Three games, one row for the missing file, one for the empty record: nothing disappears. */
    CHECK(tally.game_rows == 5 && summary.games == 5 && summary.sources == 3);
    CHECK(tally.error_rows == 3 && summary.errors == 3);
    CHECK(tally.ply_rows == 2 + 2 + 2 && summary.plies == 6);
    CHECK(tally.schemas_ok);
    CHECK(tally.kept.release != NULL);
    if (tally.kept.release != NULL) {
        CHECK(tally.kept.n_children > 5);
        tally.kept.release(&tally.kept);
        CHECK(tally.kept.release == NULL);
    }

    /* A game range: only the second game of the record. */
    memset(&tally, 0, sizeof tally);
    tally.schemas_ok = 1;
    tally.stop_after = 1000;
    options.user = &tally;
    options.plies = false;
    options.games_start = 1;
    options.games_end = 2;
    CHECK_STATUS(xq_corpus_batches(inputs, 1, &options, on_batch, &summary), XQ_STATUS_OK);
    CHECK(tally.game_rows == 1 && tally.ply_rows == 0 && summary.errors == 1);

    /* A batch callback that stops the run at the first batch. */
    memset(&tally, 0, sizeof tally);
    tally.stop_after = 1;
    options.user = &tally;
    options.games_start = 0;
    options.games_end = UINT64_MAX;
    CHECK_STATUS(xq_corpus_batches(inputs, 3, &options, on_batch, &summary), XQ_STATUS_OK);
    CHECK(summary.cancelled && tally.batches == 1);

    /* Progress reaches the end of the run (the last call has every row). */
    {
        Progress seen;
        memset(&seen, 0, sizeof seen);
        options.user = &seen;
        options.progress = record_progress;
        CHECK_STATUS(xq_corpus_analyse(inputs, 3, &options, S_GAMES_OUT, strlen(S_GAMES_OUT), NULL, 0, &summary),
                     XQ_STATUS_OK);
        CHECK(seen.calls >= 1 && seen.last.games == 5 && seen.last.errors == 3 && !summary.cancelled);
        CHECK(seen.last.bytes_total == strlen(pgn) && seen.last.bytes_read == seen.last.bytes_total);
    }
}

int main(int argc, char **argv) {
    out_dir_games = argc == 4 ? argv[2] : NULL;
    if (argc != 4) {
        fprintf(stderr, "usage: %s RECORDS_DIR GAMES_OUT PLIES_OUT\n", argv[0]);
        return 2;
    }
    test_arguments();
    test_tables(argv[1], argv[2], argv[3]);
    test_batches();
    if (failures > 0) {
        fprintf(stderr, "test_corpus: %d of %d checks failed\n", failures, checks);
        return 1;
    }
    printf("test_corpus: %d checks passed\n", checks);
    return 0;
}
