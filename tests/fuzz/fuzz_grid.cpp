// Sweep grid specs ("0.01:10:25", "1"): parse; an accepted grid is non-empty, finite,
// positive and increasing.
#include "experiment/sweep.h"
#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    rl::fuzz::expectAcceptOrRefuse([&] {
        const std::vector<double> grid = rl::parseGrid(rl::fuzz::text(data, size), "--cv");
        if (grid.empty()) {
            rl::fuzz::finding("an accepted grid is empty");
        }
        for (std::size_t i = 0; i < grid.size(); ++i) {
            rl::fuzz::expectFiniteNonNegative(grid[i], "a grid value is not finite");
            if (i > 0 && !(grid[i] > grid[i - 1])) {
                rl::fuzz::finding("an accepted grid is not increasing");
            }
        }
    });
    return 0;
}
