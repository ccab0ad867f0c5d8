// Links xiangqi through the C++ wrapper. Used by `make cmake-test`.
#include <iostream>

#include "xiangqi.hpp"

int main() {
    xiangqi::Game game(xiangqi::Position{});
    game.push("炮二平五");
    if (xiangqi::version() != XQ_VERSION_STRING || game.move_text(0, xiangqi::Notation::Iccs) != "h2e2") return 1;
    std::cout << "C++ consumer: xiangqi " << xiangqi::version() << ", " << game.verdict_summary() << '\n';
    return 0;
}
