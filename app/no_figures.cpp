// A build without Qt (-DREDUCELAB_GUI=OFF) draws no figures: every option that draws is
// refused by the verbs, before any computation (cli_figures.h).
#include "figure_renderer.h"

namespace rl::cli {

std::unique_ptr<FigureRenderer> makeFigureRenderer(const char* /*program*/) {
    return nullptr;
}

} // namespace rl::cli
