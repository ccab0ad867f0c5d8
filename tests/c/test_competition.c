/* The competition case file (tests/data/competition/cases.txt) through the C API: every command of the file
 * (clocks, deadlines, lateness, conduct, touch-move, scoring, events game by game and from results files,
 * teams). The Rust and Python tests read the same file; a command this driver does not know is a failure. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xiangqi.h"

#define MAX_WORDS 32

static const char *data_dir;
static XqClock *clock_ = NULL;
static XqConduct *conduct = NULL;
static XqGame *game = NULL;
static XqPosition *position = NULL;
static XqEvent *event_ = NULL;
static XqTeamEvent *teams = NULL;
static XqCardKnockout *knockout = NULL;
static XqScoresheet *sheet = NULL;
static XqTimeControl control;
static int case_has_clock_control = 0;
static char message[1024];

static int side_of(const char *name) { return strcmp(name, "red") == 0 ? XQ_COLOR_RED : XQ_COLOR_BLACK; }
static const char *side_name(XqColor c) { return c == XQ_COLOR_RED ? "red" : "black"; }

static void reset(void) {
    xq_clock_free(clock_);
    xq_conduct_free(conduct);
    xq_game_free(game);
    xq_position_free(position);
    xq_event_free(event_);
    xq_team_event_free(teams);
    xq_card_knockout_free(knockout);
    xq_scoresheet_free(sheet);
    knockout = NULL;
    sheet = NULL;
    event_ = NULL;
    teams = NULL;
    clock_ = NULL;
    conduct = NULL;
    game = NULL;
    position = NULL;
    case_has_clock_control = 0;
}

static const char *flag_reason(XqFlagReason r) {
    switch (r) {
    case XQ_FLAG_REASON_OVERTIME: return "overtime";
    case XQ_FLAG_REASON_LATE_PRESS: return "late-press";
    case XQ_FLAG_REASON_PER_MOVE: return "per-move";
    default: return "?";
    }
}

/* Half points as the core prints points: "1", "0.5", "2.5". */
static void half_points(char *out, size_t len, uint32_t half) {
    if (half % 2 == 0) snprintf(out, len, "%u", half / 2);
    else snprintf(out, len, "%u.5", half / 2);
}

/* A signer's XqSigner value; an unknown name is passed on as 99 for the library to refuse. */
static uint32_t signer_of(const char *name) {
    if (strcmp(name, "red") == 0) return XQ_SIGNER_RED;
    if (strcmp(name, "black") == 0) return XQ_SIGNER_BLACK;
    if (strcmp(name, "arbiter") == 0) return XQ_SIGNER_ARBITER;
    return 99;
}

static uint32_t games_per_pair(const char *system) { return strcmp(system, "swiss") == 0 ? 0 : (uint32_t)atoi(system + 2); }

/* Splits `text` at `sep` into unsigned numbers ("-" as XQ_UNRATED); returns the count. */
static size_t numbers(const char *text, char sep, uint32_t *out, size_t cap) {
    size_t n = 0;
    const char *p = text;
    while (*p && n < cap) {
        out[n++] = *p == '-' ? XQ_UNRATED : (uint32_t)strtoul(p, NULL, 10);
        p = strchr(p, sep);
        if (!p) break;
        p++;
    }
    return n;
}

static char *read_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)n + 1);
    if (!text || fread(text, 1, (size_t)n, f) != (size_t)n) {
        fclose(f);
        free(text);
        return NULL;
    }
    text[n] = 0;
    fclose(f);
    return text;
}

/* Runs one command: 1 with the answer in `out`, 0 refused (the message in `message`), -1 skipped. */
static int run(char **w, int n, const char *rest, char *out, size_t len) {
    XqStatus st = XQ_STATUS_OK;
    const char *cmd = w[0];
    snprintf(out, len, "ok");
    if (strcmp(cmd, "clock") == 0) {
        XqTimeControl tc;
        memset(&tc, 0, sizeof tc);
        if (strcmp(w[1], "quota") == 0) {
            tc.kind = 1 /* move quota */;
            tc.first_moves = (uint32_t)atoi(w[2]);
            tc.first_minutes = (uint32_t)atoi(w[3]);
            tc.then_moves = (uint32_t)atoi(w[4]);
            tc.then_minutes = (uint32_t)atoi(w[5]);
            tc.carry_over = strcmp(w[6], "reset") == 0;
        } else if (strcmp(w[1], "rapid") == 0) {
            tc.kind = 1 /* move quota */;
            tc.first_moves = 40;
            tc.first_minutes = 10;
            tc.then_moves = (uint32_t)atoi(w[2]);
            tc.then_minutes = 5;
            tc.carry_over = strcmp(w[3], "reset") == 0;
        } else if (strcmp(w[1], "permove") == 0) {
            tc.kind = 0 /* per move */;
            tc.per_move_secs = (uint32_t)atoi(w[2]);
        } else {
            tc.kind = 2 /* guillotine */;
            tc.guillotine_minutes = (uint32_t)atoi(w[2]);
        }
        xq_clock_free(clock_);
        clock_ = NULL;
        st = xq_clock_new(&tc, &clock_);
        if (st == XQ_STATUS_OK) {
            XqTimeControlKind kind;
            if (xq_time_control_check(&tc, &kind) != XQ_STATUS_OK || kind != tc.kind) {
                fprintf(stderr, "xq_time_control_check disagrees with xq_clock_new\n");
                exit(1);
            }
            control = tc;
            case_has_clock_control = 1;
        }
    } else if (case_has_clock_control && strcmp(cmd, "deadline") == 0) {
        uint64_t ms = 0;
        bool has = false;
        st = xq_time_control_deadline(&control, (uint32_t)atoi(w[1]), &ms, &has);
        if (st == XQ_STATUS_OK) {
            if (has) snprintf(out, len, "%llu", (unsigned long long)ms);
            else snprintf(out, len, "none");
        }
    } else if (case_has_clock_control && strcmp(cmd, "lateness") == 0) {
        uint64_t limit = 0, red = 0, black = 0, red_first_press = 0;
        XqLatenessRuling ruling;
        if (strcmp(w[1], "first") != 0) limit = strtoull(w[1], NULL, 10);
        if (strcmp(w[2], "never") != 0) red = strtoull(w[2], NULL, 10);
        if (strcmp(w[3], "never") != 0) black = strtoull(w[3], NULL, 10);
        if (n > 4) red_first_press = strtoull(w[4], NULL, 10);
        st = xq_judge_lateness(&control, strcmp(w[1], "first") == 0 ? NULL : &limit,
                               strcmp(w[2], "never") == 0 ? NULL : &red, strcmp(w[3], "never") == 0 ? NULL : &black,
                               n > 4 ? &red_first_press : NULL, &ruling);
        if (st == XQ_STATUS_OK) {
            if (ruling.kind == XQ_LATENESS_KIND_PLAY)
                snprintf(out, len, "play %llu %llu", (unsigned long long)ruling.red_charge_ms,
                         (unsigned long long)ruling.black_charge_ms);
            else if (ruling.kind == XQ_LATENESS_KIND_FORFEIT) snprintf(out, len, "forfeit %s", side_name(ruling.loser));
            else snprintf(out, len, "double-forfeit");
        }
    } else if (clock_ && (strcmp(cmd, "start") == 0 || strcmp(cmd, "press") == 0 || strcmp(cmd, "check") == 0 ||
                          strcmp(cmd, "stop") == 0 || strcmp(cmd, "resume") == 0)) {
        XqFlag flag;
        uint32_t event = strcmp(cmd, "start") == 0 ? 0 : strcmp(cmd, "press") == 0 ? 1 : strcmp(cmd, "check") == 0 ? 2
                       : strcmp(cmd, "stop") == 0 ? 3 : 4;
        int with_side = event <= 1;
        uint64_t now = strtoull(with_side ? w[2] : w[1], NULL, 10);
        st = xq_clock_event(clock_, event, with_side ? (uint32_t)side_of(w[1]) : 0, now, &flag);
        if (st == XQ_STATUS_OK && (event == 1 || event == 2)) {
            if (flag.side == XQ_COLOR_NONE) snprintf(out, len, event == 1 ? "ok" : "none");
            else snprintf(out, len, "flag %s %s", side_name(flag.side), flag_reason(flag.reason));
        }
    } else if (clock_ && (strcmp(cmd, "used") == 0 || strcmp(cmd, "remaining") == 0)) {
        uint64_t t = 0;
        st = xq_clock_time(clock_, (uint32_t)side_of(w[1]), strtoull(w[2], NULL, 10), strcmp(cmd, "remaining") == 0, &t);
        if (st == XQ_STATUS_OK) snprintf(out, len, "%llu", (unsigned long long)t);
    } else if (clock_ && (strcmp(cmd, "addtime") == 0 || strcmp(cmd, "setused") == 0)) {
        st = xq_clock_charge(clock_, (uint32_t)side_of(w[1]), strtoull(w[2], NULL, 10), strcmp(cmd, "setused") == 0);
    } else if (strcmp(cmd, "conduct") == 0) {
        xq_conduct_free(conduct);
        conduct = NULL;
        st = xq_conduct_new(strcmp(w[1], "event") == 0, strcmp(w[2], "strict") == 0, &conduct);
    } else if (conduct && strcmp(cmd, "game") == 0) {
        xq_game_free(game);
        game = NULL;
        st = xq_game_from_fen(rest, strlen(rest), XQ_RULES_CXA, &game);
    } else if (conduct && strcmp(cmd, "play") == 0) {
        for (int i = 1; i < n && st == XQ_STATUS_OK; i++) st = xq_game_push_text(game, w[i], strlen(w[i]), XQ_NOTATION_ICCS, NULL);
    } else if (conduct && (strcmp(cmd, "result") == 0 || strcmp(cmd, "decide") == 0)) {
        st = xq_conduct_result(conduct, strcmp(cmd, "decide") == 0 ? game : NULL, out, len, NULL);
    } else if (conduct && strcmp(cmd, "correction") == 0) {
        bool yes = false;
        st = xq_conduct_correction_allowed(conduct, &yes);
        if (st == XQ_STATUS_OK) snprintf(out, len, yes ? "yes" : "no");
    } else if (conduct && strcmp(cmd, "fouls") == 0) {
        uint32_t f = 0;
        st = xq_conduct_fouls(conduct, (uint32_t)side_of(w[1]), &f);
        if (st == XQ_STATUS_OK) snprintf(out, len, "%u", f);
    } else if (conduct && strcmp(cmd, "claim") == 0) {
        uint64_t added = 0;
        st = xq_conduct_claim_natural_limit(conduct, (uint32_t)side_of(w[1]), (uint32_t)atoi(w[2]), (uint32_t)atoi(w[3]),
                                            (uint32_t)atoi(w[4]), (uint32_t)atoi(w[5]), (uint32_t)atoi(w[6]), &added);
        if (st == XQ_STATUS_OK) {
            if (added == 0) snprintf(out, len, "draw");
            else snprintf(out, len, "false %llu", (unsigned long long)added);
        }
    } else if (conduct && (strcmp(cmd, "move") == 0 || strcmp(cmd, "cpress") == 0 || strcmp(cmd, "offer") == 0 ||
                           strcmp(cmd, "accept") == 0 || strcmp(cmd, "decline") == 0 || strcmp(cmd, "resign") == 0 ||
                           strcmp(cmd, "illegal") == 0 || strcmp(cmd, "kingsfacing") == 0 ||
                           strcmp(cmd, "theoretical-draw") == 0 || strcmp(cmd, "foul") == 0 ||
                           strcmp(cmd, "flagfall") == 0 || strcmp(cmd, "penalty") == 0 ||
                           strcmp(cmd, "lateness-result") == 0 || strcmp(cmd, "unrecorded") == 0)) {
        char event[128];
        uint32_t answer = 0;
        int side = n > 1 ? side_of(w[1]) : XQ_COLOR_RED;
        if (strcmp(cmd, "cpress") == 0) snprintf(event, sizeof event, "press");
        else if (strcmp(cmd, "kingsfacing") == 0) snprintf(event, sizeof event, "kings-facing");
        else if (strcmp(cmd, "foul") == 0) snprintf(event, sizeof event, "foul:%s", w[2]);
        else if (strcmp(cmd, "flagfall") == 0) snprintf(event, sizeof event, "flag:%s", w[2]);
        else if (strcmp(cmd, "unrecorded") == 0) snprintf(event, sizeof event, "unrecorded:%s:%s", w[2], w[3]);
        else if (strcmp(cmd, "penalty") == 0) snprintf(event, sizeof event, "penalty:%s:%s", w[2], w[3]);
        else if (strcmp(cmd, "lateness-result") == 0) {
            if (strcmp(w[1], "double-forfeit") == 0) snprintf(event, sizeof event, "double-forfeit");
            else {
                snprintf(event, sizeof event, "lateness-forfeit");
                side = side_of(w[2]);
            }
        } else snprintf(event, sizeof event, "%s", cmd);
        if (strcmp(cmd, "theoretical-draw") == 0) side = XQ_COLOR_RED;
        st = xq_conduct_event(conduct, (uint32_t)side, event, strlen(event), &answer);
        if (st == XQ_STATUS_OK && strcmp(cmd, "offer") == 0) snprintf(out, len, answer ? "foul" : "pending");
        if (st == XQ_STATUS_OK && strcmp(cmd, "unrecorded") == 0) snprintf(out, len, "%u", answer);
    } else if (strcmp(cmd, "position") == 0) {
        xq_position_free(position);
        position = NULL;
        st = xq_position_from_fen(rest, strlen(rest), &position);
    } else if (strcmp(cmd, "touch") == 0) {
        st = xq_touch_obligation(position, rest, strlen(rest), out, len, NULL);
    } else if (strcmp(cmd, "points") == 0) {
        uint32_t red = 0, black = 0;
        st = xq_game_points(w[1], strlen(w[1]), &red, &black);
        if (st == XQ_STATUS_OK) {
            char r[32], b[32];
            half_points(r, sizeof r, red);
            half_points(b, sizeof b, black);
            snprintf(out, len, "%s %s", r, b);
        }
    } else if (strcmp(cmd, "team-forfeit") == 0) {
        uint32_t present = 0, absent = 0;
        st = xq_team_forfeit_match_points(true, &present);
        if (st == XQ_STATUS_OK) st = xq_team_forfeit_match_points(false, &absent);
        if (st == XQ_STATUS_OK) snprintf(out, len, "%u %u", present, absent);
    } else if (strcmp(cmd, "match-points") == 0) {
        uint32_t mp = 0;
        st = xq_match_points((uint32_t)atoi(w[1]), (uint32_t)atoi(w[2]), &mp);
        if (st == XQ_STATUS_OK) snprintf(out, len, "%u", mp);
    } else if (strcmp(cmd, "bestof") == 0) {
        uint32_t scores[MAX_WORDS];
        size_t count = 0;
        for (int i = 3; i < n; i++)
            scores[count++] = strcmp(w[i], "win") == 0 ? XQ_SCORE_WIN : strcmp(w[i], "draw") == 0 ? XQ_SCORE_DRAW
                                                                                                  : XQ_SCORE_LOSS;
        XqMatchState state;
        st = xq_best_of((uint32_t)atoi(w[1]), strcmp(w[2], "half") == 0, scores, count, &state);
        if (st == XQ_STATUS_OK) {
            const char *names[] = {"in-progress", "won first", "won second", "level"};
            snprintf(out, len, "%s", names[state]);
        }
    } else if (strcmp(cmd, "event") == 0) {
        char names[512] = "";
        for (int i = 2; i < n; i++) {
            if (i > 2) strcat(names, "\n");
            strcat(names, w[i]);
        }
        xq_event_free(event_);
        event_ = NULL;
        st = xq_event_new(games_per_pair(w[1]), names, strlen(names), &event_);
    } else if (event_ && strcmp(cmd, "game") == 0) {
        st = xq_event_add_game(event_, (uint32_t)atoi(w[1]), w[2], strlen(w[2]), w[3], strlen(w[3]), w[4], strlen(w[4]));
    } else if (event_ && strcmp(cmd, "efouls") == 0) {
        st = xq_event_add_fouls(event_, w[1], strlen(w[1]), (uint32_t)atoi(w[2]));
    } else if (event_ && strcmp(cmd, "epenalty") == 0) {
        st = xq_event_add_penalty(event_, w[1], strlen(w[1]),
                                  strcmp(w[2], "warning") == 0 ? XQ_PENALTY_WARNING : XQ_PENALTY_DISQUALIFICATION);
    } else if (event_ && strcmp(cmd, "withdraw") == 0) {
        XqWithdrawal wd;
        st = xq_event_withdraw(event_, w[1], strlen(w[1]), &wd);
        if (st == XQ_STATUS_OK) snprintf(out, len, "%s %zu", wd.voided ? "voided" : "forfeited", wd.games);
    } else if (event_ && strcmp(cmd, "standings") == 0) {
        st = xq_event_standings(event_, w[1], strlen(w[1]), false, out, len, NULL);
    } else if (event_ && strcmp(cmd, "playoff") == 0) {
        bool yes = false;
        st = xq_event_requires_playoff(event_, w[1], strlen(w[1]), (size_t)atoi(w[2]), &yes);
        if (st == XQ_STATUS_OK) snprintf(out, len, yes ? "yes" : "no");
    } else if (strcmp(cmd, "board-order") == 0) {
        uint32_t ratings[MAX_WORDS];
        size_t bad = 0;
        st = xq_check_board_order(ratings, numbers(w[1], ',', ratings, MAX_WORDS), &bad);
    } else if (strcmp(cmd, "lineups") == 0) {
        size_t count = 0;
        st = xq_valid_lineups((uint32_t)atoi(w[1]), (uint32_t)atoi(w[2]), NULL, 0, &count);
        if (st == XQ_STATUS_BUFFER_TOO_SMALL || st == XQ_STATUS_OK) {
            /* Read them all too: the first must be 0, 1, ... */
            uint32_t *all = malloc(sizeof(uint32_t) * (count * (size_t)atoi(w[2]) + 1));
            size_t again = 0;
            st = xq_valid_lineups((uint32_t)atoi(w[1]), (uint32_t)atoi(w[2]), all, count, &again);
            if (st == XQ_STATUS_OK && again == count) {
                for (int b = 0; count > 0 && b < atoi(w[2]); b++)
                    if (all[b] != (uint32_t)b) snprintf(out, len, "first line-up out of order");
                if (strcmp(out, "ok") == 0) snprintf(out, len, "%zu", count);
            }
            free(all);
        }
    } else if (strcmp(cmd, "lineup-valid") == 0) {
        uint32_t lineup[MAX_WORDS];
        bool yes = false;
        st = xq_is_valid_lineup((uint32_t)atoi(w[1]), lineup, numbers(w[2], ',', lineup, MAX_WORDS), &yes);
        if (st == XQ_STATUS_OK) snprintf(out, len, yes ? "yes" : "no");
    } else if (strcmp(cmd, "all-play-all") == 0) {
        XqMemberPair pairs[64];
        size_t count = 0;
        st = xq_all_play_all((uint32_t)atoi(w[1]), (uint32_t)atoi(w[2]), pairs, 64, &count);
        if (st == XQ_STATUS_OK) snprintf(out, len, "%zu", count);
    } else if (strcmp(cmd, "board-colour") == 0) {
        XqColor c;
        st = xq_board_colour(strcmp(w[1], "first") == 0, (uint32_t)atoi(w[2]), &c);
        if (st == XQ_STATUS_OK) snprintf(out, len, "%s", side_name(c));
    } else if (strcmp(cmd, "second-game") == 0) {
        XqColor c;
        st = xq_second_game_colour((uint32_t)side_of(w[1]), &c);
        if (st == XQ_STATUS_OK) snprintf(out, len, "%s", side_name(c));
    } else if (strcmp(cmd, "teams") == 0) {
        xq_team_event_free(teams);
        teams = NULL;
        st = xq_team_event_new((uint32_t)atoi(w[1]), &teams);
    } else if (teams && strcmp(cmd, "tmatch") == 0) {
        st = xq_team_event_add_match(teams, (uint32_t)atoi(w[1]), (uint32_t)atoi(w[2]), w[3], strlen(w[3]));
    } else if (teams && strcmp(cmd, "team-standings") == 0) {
        XqTeamStanding table[32];
        size_t count = 0;
        st = xq_team_event_standings(teams, strcmp(w[1], "15.3") == 0 ? XQ_TEAM_CHAIN_G15_3 : XQ_TEAM_CHAIN_G15_4,
                                     table, 32, &count);
        out[0] = 0;
        for (size_t i = 0; st == XQ_STATUS_OK && i < count; i++) {
            char gp[32];
            half_points(gp, sizeof gp, table[i].game_half_points);
            snprintf(out + strlen(out), len - strlen(out), "%s%u%s:%u:%u:%s", i ? " " : "", table[i].place,
                     table[i].shared ? "=" : "", table[i].team, table[i].match_points, gp);
        }
    } else if (strcmp(cmd, "members") == 0) {
        /* "1,6;2,5;3,4;7": the places of each team, teams separated by ';' */
        uint32_t places[64];
        size_t sizes[16], nplaces = 0, nteams = 0;
        for (const char *p = w[2]; *p && nteams < 16;) {
            size_t before = nplaces;
            while (*p && *p != ';' && nplaces < 64) {
                places[nplaces++] = (uint32_t)strtoul(p, (char **)&p, 10);
                if (*p == ',') p++;
            }
            sizes[nteams++] = nplaces - before;
            if (*p == ';') p++;
        }
        XqTeamPlace table[16];
        size_t count = 0;
        st = xq_members_total_standings(places, nplaces, sizes, nteams, (size_t)atoi(w[1]), NULL, table, 16, &count);
        out[0] = 0;
        for (size_t i = 0; st == XQ_STATUS_OK && i < count; i++)
            snprintf(out + strlen(out), len - strlen(out), "%s%u%s:%u", i ? " " : "", table[i].place,
                     table[i].shared ? "=" : "", table[i].team);
    } else if (strcmp(cmd, "csv") == 0) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", data_dir, w[2]);
        char *csv = read_file(path);
        if (!csv) {
            fprintf(stderr, "cannot read %s\n", path);
            exit(2);
        }
        uint32_t games = games_per_pair(w[1]);
        st = xq_results_standings(csv, strlen(csv), games, w[3], strlen(w[3]), false, out, len, NULL);
        if (st == XQ_STATUS_OK) {
            /* The same standings through an event read from the file. */
            XqEvent *from_file = NULL;
            char again[2048];
            if (xq_event_from_results(csv, strlen(csv), games, &from_file) != XQ_STATUS_OK ||
                xq_event_standings(from_file, w[3], strlen(w[3]), false, again, sizeof again, NULL) != XQ_STATUS_OK ||
                strcmp(again, out) != 0)
                snprintf(out, len, "xq_event_from_results disagrees with xq_results_standings");
            xq_event_free(from_file);
        }
        free(csv);
    } else if (strcmp(cmd, "knockout") == 0) {
        xq_card_knockout_free(knockout);
        knockout = NULL;
        st = xq_card_knockout_new((uint32_t)strtoul(w[1], NULL, 10), &knockout);
    } else if (knockout && strcmp(cmd, "round") == 0) {
        uint32_t round = 0;
        st = xq_card_knockout_round(knockout, &round);
        snprintf(out, len, "%u", round);
    } else if (knockout && strcmp(cmd, "deck") == 0) {
        st = xq_card_knockout_deck(knockout, out, len, NULL);
    } else if (knockout && strcmp(cmd, "draw") == 0) {
        st = xq_card_knockout_draw(knockout, rest, strlen(rest), out, len, NULL);
    } else if (knockout && strcmp(cmd, "advance") == 0) {
        uint32_t winners[MAX_WORDS];
        for (int i = 1; i < n; i++) winners[i - 1] = (uint32_t)strtoul(w[i], NULL, 10);
        st = xq_card_knockout_advance(knockout, winners, (size_t)(n - 1));
    } else if (knockout && strcmp(cmd, "field") == 0) {
        uint32_t field[16];
        size_t count = 0;
        st = xq_card_knockout_field(knockout, field, 16, &count);
        out[0] = 0;
        for (size_t i = 0; st == XQ_STATUS_OK && i < count; i++)
            snprintf(out + strlen(out), len - strlen(out), "%s%u", i ? " " : "", field[i]);
    } else if (knockout && strcmp(cmd, "finalists") == 0) {
        uint32_t two[2] = {0, 0};
        bool has = false;
        st = xq_card_knockout_finalists(knockout, two, &has);
        if (has) snprintf(out, len, "%u %u", two[0], two[1]);
        else snprintf(out, len, "none");
    } else if (strcmp(cmd, "shuffle") == 0) {
        st = xq_card_shuffled_deck((uint8_t)atoi(w[1]), strcmp(w[2], "king") == 0, strtoull(w[3], NULL, 10), out, len,
                                   NULL);
    } else if (conduct && strcmp(cmd, "sheet") == 0) {
        xq_scoresheet_free(sheet);
        sheet = NULL;
        st = xq_scoresheet_from_conduct(conduct, strtoull(w[1], NULL, 10), strtoull(w[2], NULL, 10), &sheet);
    } else if (sheet && strcmp(cmd, "sign") == 0) {
        st = xq_scoresheet_sign(sheet, signer_of(w[1]));
    } else if (sheet && strcmp(cmd, "signed") == 0) {
        bool signed_ = false;
        st = xq_scoresheet_is_signed_by(sheet, signer_of(w[1]), &signed_);
        snprintf(out, len, signed_ ? "yes" : "no");
    } else if (sheet && (strcmp(cmd, "official") == 0 || strcmp(cmd, "sheet-result") == 0)) {
        st = xq_scoresheet_result(sheet, strcmp(cmd, "official") == 0, out, len, NULL);
    } else if (sheet && (strcmp(cmd, "sheet-used") == 0 || strcmp(cmd, "sheet-fouls") == 0)) {
        uint64_t used[2] = {0, 0};
        uint32_t fouls[2] = {0, 0};
        st = xq_scoresheet_record(sheet, used, fouls);
        if (strcmp(cmd, "sheet-used") == 0) snprintf(out, len, "%llu %llu", (unsigned long long)used[0], (unsigned long long)used[1]);
        else snprintf(out, len, "%u %u", fouls[0], fouls[1]);
    } else if (sheet && strcmp(cmd, "correct") == 0) {
        st = xq_scoresheet_correct(sheet, strtoull(w[1], NULL, 10), strtoull(w[2], NULL, 10),
                                   (uint32_t)strtoul(w[3], NULL, 10), (uint32_t)strtoul(w[4], NULL, 10));
    } else {
        return -1;
    }
    if (st != XQ_STATUS_OK) {
        xq_last_error_message(message, sizeof message);
        /* A name that is no card or signer is the caller's bad argument, refused as such. */
        int bad_name = st == XQ_STATUS_INVALID_ARGUMENT && (strcmp(cmd, "draw") == 0 || strcmp(cmd, "sign") == 0);
        if (st != XQ_STATUS_EVENT_REJECTED && st != XQ_STATUS_INVALID_FEN && !bad_name) {
            /* Only rule refusals are expected from well-formed commands. */
            fprintf(stderr, "%s: unexpected status %s: %s\n", cmd, xq_status_name((uint32_t)st), message);
        }
        return 0;
    }
    return 1;
}

/* ---- Team fouls and 18.4 penalties of an XqTeamEvent (not in the case file: the Python test has the same) ---- */

static int team_checks = 0, team_failures = 0;

/* The standings under `chain` as "place[=]:team ..." (the order and the places only). */
static void team_order(const XqTeamEvent *ev, XqTeamChain chain, char *out, size_t len) {
    XqTeamStanding table[8];
    size_t count = 0;
    XqStatus st = xq_team_event_standings(ev, chain, table, 8, &count);
    out[0] = 0;
    if (st != XQ_STATUS_OK) {
        snprintf(out, len, "%s", xq_status_name(st));
        return;
    }
    for (size_t i = 0; i < count; i++)
        snprintf(out + strlen(out), len - strlen(out), "%s%u%s:%u", i ? " " : "", table[i].place,
                 table[i].shared ? "=" : "", table[i].team);
}

static void check_order(int line, const XqTeamEvent *ev, XqTeamChain chain, const char *expected) {
    char got[256];
    team_order(ev, chain, got, sizeof got);
    team_checks++;
    if (strcmp(got, expected) != 0) {
        team_failures++;
        fprintf(stderr, "FAIL test_competition.c:%d: team standings (%s) %s, expected %s\n", line,
                chain == XQ_TEAM_CHAIN_G15_3 ? "15.3" : "15.4", got, expected);
    }
}

/* A call's status, and (for a refusal) that the last error message contains `part`. */
static void check_status(int line, XqStatus got, XqStatus expected, const char *part) {
    char msg[256] = "";
    if (got != XQ_STATUS_OK) xq_last_error_message(msg, sizeof msg);
    team_checks++;
    if (got != expected || (part && !strstr(msg, part))) {
        team_failures++;
        fprintf(stderr, "FAIL test_competition.c:%d: %s (%s), expected %s with \"%s\"\n", line, xq_status_name(got),
                msg, xq_status_name(expected), part ? part : "");
    }
}

#define ORDER(ev, chain, expected) check_order(__LINE__, ev, chain, expected)
#define STATUS(call, expected, part) check_status(__LINE__, call, expected, part)

static void team_fouls_and_penalties(void) {
    XqTeamEvent *ev = NULL;
    const XqTeamChain chains[2] = {XQ_TEAM_CHAIN_G15_3, XQ_TEAM_CHAIN_G15_4};

    /* Two teams level on everything (2 : 2, two wins each; team 0 is red on boards 1 and 3). */
    STATUS(xq_team_event_new(2, &ev), XQ_STATUS_OK, NULL);
    STATUS(xq_team_event_add_match(ev, 0, 1, "1-0,1-0,0-1,0-1", 15), XQ_STATUS_OK, NULL);
    for (int c = 0; c < 2; c++) ORDER(ev, chains[c], "1=:0 1=:1");
    /* 15.3, 15.4: the team with fewer fouls ranks first. */
    STATUS(xq_team_event_add_fouls(ev, 0, 2), XQ_STATUS_OK, NULL);
    for (int c = 0; c < 2; c++) ORDER(ev, chains[c], "1:1 2:0");
    /* Fouls add up: 2 + 1 against 4. */
    STATUS(xq_team_event_add_fouls(ev, 1, 4), XQ_STATUS_OK, NULL);
    STATUS(xq_team_event_add_fouls(ev, 0, 1), XQ_STATUS_OK, NULL);
    for (int c = 0; c < 2; c++) ORDER(ev, chains[c], "1:0 2:1");
    STATUS(xq_team_event_add_fouls(ev, 0, 1), XQ_STATUS_OK, NULL);
    for (int c = 0; c < 2; c++) ORDER(ev, chains[c], "1=:0 1=:1");
    /* 18.4: a warning puts team 1 last among equals, before the fouls are looked at. */
    STATUS(xq_team_event_add_penalty(ev, 1, XQ_PENALTY_WARNING), XQ_STATUS_OK, NULL);
    for (int c = 0; c < 2; c++) ORDER(ev, chains[c], "1:0 2:1");
    /* A disqualification weighs more than a warning; two warnings more than one. */
    STATUS(xq_team_event_add_penalty(ev, 0, XQ_PENALTY_DISQUALIFICATION), XQ_STATUS_OK, NULL);
    for (int c = 0; c < 2; c++) ORDER(ev, chains[c], "1:1 2:0");
    STATUS(xq_team_event_add_penalty(ev, 1, XQ_PENALTY_DISQUALIFICATION), XQ_STATUS_OK, NULL);
    for (int c = 0; c < 2; c++) ORDER(ev, chains[c], "1:0 2:1");
    STATUS(xq_team_event_add_penalty(ev, 0, XQ_PENALTY_WARNING), XQ_STATUS_OK, NULL);
    for (int c = 0; c < 2; c++) ORDER(ev, chains[c], "1=:0 1=:1");
    STATUS(xq_team_event_add_penalty(ev, 0, XQ_PENALTY_WARNING), XQ_STATUS_OK, NULL);
    for (int c = 0; c < 2; c++) ORDER(ev, chains[c], "1:1 2:0");
    /* A loss or an expulsion is not an 18.4 penalty: accepted, nothing changes. */
    STATUS(xq_team_event_add_penalty(ev, 1, XQ_PENALTY_LOSS), XQ_STATUS_OK, NULL);
    STATUS(xq_team_event_add_penalty(ev, 1, XQ_PENALTY_EXPULSION), XQ_STATUS_OK, NULL);
    for (int c = 0; c < 2; c++) ORDER(ev, chains[c], "1:1 2:0");

    /* Refusals: nothing is entered. */
    STATUS(xq_team_event_add_fouls(ev, 2, 1), XQ_STATUS_EVENT_REJECTED, "fouls: team 2 is not one of the 2 teams");
    STATUS(xq_team_event_add_penalty(ev, 5, XQ_PENALTY_WARNING), XQ_STATUS_EVENT_REJECTED,
           "penalty: team 5 is not one of the 2 teams");
    STATUS(xq_team_event_add_penalty(ev, 0, 4), XQ_STATUS_INVALID_ARGUMENT, "penalty: 4 is not an XqPenalty");
    STATUS(xq_team_event_add_fouls(NULL, 0, 1), XQ_STATUS_NULL_ARGUMENT, "event");
    STATUS(xq_team_event_add_penalty(NULL, 0, XQ_PENALTY_WARNING), XQ_STATUS_NULL_ARGUMENT, "event");
    STATUS(xq_team_event_add_fouls(ev, 1, UINT32_MAX), XQ_STATUS_EVENT_REJECTED, "would pass 4294967295");
    for (int c = 0; c < 2; c++) ORDER(ev, chains[c], "1:1 2:0");
    xq_team_event_free(ev);
    ev = NULL;

    /* 18.4 ranks only among equals on match points, above every other tie-break. Team 0 beats team 2 4 : 0,
     * team 1 beats it 3 : 1, teams 0 and 1 draw 2 : 2: 3 match points each, team 0 more game points (6 to 5). */
    STATUS(xq_team_event_new(3, &ev), XQ_STATUS_OK, NULL);
    STATUS(xq_team_event_add_match(ev, 0, 2, "1-0,0-1,1-0,0-1", 15), XQ_STATUS_OK, NULL);
    STATUS(xq_team_event_add_match(ev, 1, 2, "1-0,0-1,1-0,1-0", 15), XQ_STATUS_OK, NULL);
    STATUS(xq_team_event_add_match(ev, 0, 1, "1-0,1-0,0-1,0-1", 15), XQ_STATUS_OK, NULL);
    for (int c = 0; c < 2; c++) ORDER(ev, chains[c], "1:0 2:1 3:2");
    /* Fouls come after game points: they do not move team 0. */
    STATUS(xq_team_event_add_fouls(ev, 0, 9), XQ_STATUS_OK, NULL);
    for (int c = 0; c < 2; c++) ORDER(ev, chains[c], "1:0 2:1 3:2");
    /* Disqualified, team 0 is last of the two on 3 match points, but above team 2, which has fewer. */
    STATUS(xq_team_event_add_penalty(ev, 0, XQ_PENALTY_DISQUALIFICATION), XQ_STATUS_OK, NULL);
    for (int c = 0; c < 2; c++) ORDER(ev, chains[c], "1:1 2:0 3:2");
    /* Team 2 penalised too: it has no equal to rank below, so nothing moves. */
    STATUS(xq_team_event_add_penalty(ev, 2, XQ_PENALTY_DISQUALIFICATION), XQ_STATUS_OK, NULL);
    for (int c = 0; c < 2; c++) ORDER(ev, chains[c], "1:1 2:0 3:2");
    xq_team_event_free(ev);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: test_competition DIR (tests/data/competition)\n");
        return 2;
    }
    data_dir = argv[1];
    char path[1024];
    snprintf(path, sizeof path, "%s/cases.txt", data_dir);
    char *text = read_file(path);
    if (!text) {
        fprintf(stderr, "cannot read %s\n", path);
        return 2;
    }
    int cases = 0, checks = 0, unknown = 0, failures = 0;
    char current[256] = "";
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        while (*line == ' ') line++;
        if (!*line || *line == '#') continue;
        char command[1024], expected[512] = "ok";
        char *arrow = strstr(line, "=>");
        size_t clen = arrow ? (size_t)(arrow - line) : strlen(line);
        if (clen >= sizeof command) clen = sizeof command - 1;
        memcpy(command, line, clen);
        command[clen] = 0;
        while (clen > 0 && command[clen - 1] == ' ') command[--clen] = 0;
        if (arrow) {
            const char *e = arrow + 2;
            while (*e == ' ') e++;
            snprintf(expected, sizeof expected, "%s", e);
        }
        char copy[1024];
        snprintf(copy, sizeof copy, "%s", command);
        char *words[MAX_WORDS] = {0};
        int n = 0;
        for (char *p = copy; *p && n < MAX_WORDS;) {
            while (*p == ' ') *p++ = 0;
            if (!*p) break;
            words[n++] = p;
            while (*p && *p != ' ') p++;
        }
        if (n == 0) continue;
        if (strcmp(words[0], "case") == 0) {
            reset();
            snprintf(current, sizeof current, "%s (%s)", words[1], n > 2 ? words[2] : "");
            cases++;
            continue;
        }
        const char *rest = command + strlen(words[0]);
        while (*rest == ' ') rest++;
        char answer[2048];
        message[0] = 0;
        int r = run(words, n, rest, answer, sizeof answer);
        if (r < 0) {
            unknown++;
            fprintf(stderr, "FAIL %s: %s: a command this driver does not handle\n", current, command);
            continue;
        }
        checks++;
        int pass;
        if (strncmp(expected, "error", 5) == 0) {
            const char *part = expected + 5;
            while (*part == ' ') part++;
            pass = r == 0 && strstr(message, part) != NULL;
        } else {
            pass = r == 1 && strcmp(answer, expected) == 0;
        }
        if (!pass) {
            failures++;
            fprintf(stderr, "FAIL %s: %s => %s, expected %s\n", current, command,
                    r == 1 ? answer : message, expected);
        }
    }
    reset();
    free(text);
    printf("test_competition: %d cases, %d checks through the C API, %d unknown commands, %d failures\n", cases,
           checks, unknown, failures);
    team_fouls_and_penalties();
    printf("test_competition: team fouls and penalties: %d checks, %d failures\n", team_checks, team_failures);
    return failures == 0 && unknown == 0 && checks > 300 && team_failures == 0 ? 0 : 1;
}
