// A tour of the C++ wrapper: load a FEN, show the legal moves of one piece, play moves given in Chinese
// notation, print the position's status and the arbiter's verdict with its explanation.
//
// Build: link the xiangqi::xiangqi CMake target (or c++ -std=c++17 -Iinclude ... libxiangqi.a -lpthread -ldl -lm).
#include <cstdio>
#include <iostream>

#include "xiangqi.hpp"

int main() {
    try {
        xiangqi::Position pos =
            xiangqi::Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");

        std::cout << "the cannon on h2 can go to:";
        for (xiangqi::Move m : pos.legal_moves_from(xiangqi::square("h2"))) {
            std::cout << ' ' << pos.move_text(m, xiangqi::Notation::Chinese);
        }
        std::cout << '\n';

        // The red chariot checks from f0 and e0 in turn, the black general steps aside: perpetual check.
        xiangqi::Game game = xiangqi::Game::from_fen("2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1");
        for (const char *text : {"车四平五", "将５平６", "车五平四", "将６平５", "车四平五", "将５平６", "车五平四", "将６平５"}) {
            xiangqi::Move m = game.push(text);
            std::cout << game.size() << ". " << text << " (" << m.iccs() << ")\n";
        }

        xiangqi::PositionStatus status = game.position().status();
        std::cout << (status.turn == xiangqi::Color::Red ? "red" : "black") << " to move, "
                  << status.legal_move_count << " legal moves" << (status.is_check ? ", in check" : "")
                  << (status.is_checkmate ? ", checkmate" : "") << (status.is_stalemate ? ", stalemate" : "")
                  << '\n';

        xiangqi::Verdict verdict = game.verdict();
        std::cout << "verdict: " << game.verdict_summary() << " (rule " << verdict.article << "), plies "
                  << verdict.window_start + 1 << '-' << verdict.window_end << '\n';
        for (std::size_t ply = verdict.window_start; ply < verdict.window_end; ply++) {
            std::cout << "  " << game.move_text(ply, xiangqi::Notation::Chinese) << ": "
                      << game.classify(ply).label << '\n';
        }
        std::cout << game.verdict_explanation() << '\n';

        // Errors are exceptions that carry the status.
        try {
            game.push("马五进四");
        } catch (const xiangqi::Error &e) {
            std::cout << "as expected, " << e.status_name() << ": " << e.what() << '\n';
        }
    } catch (const xiangqi::Error &e) {
        std::cerr << e.status_name() << ": " << e.what() << '\n';
        return 1;
    }
    return 0;
}
