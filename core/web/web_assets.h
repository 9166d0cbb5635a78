#pragma once

#include <string_view>

namespace rl {

/// The content of a source of the web pages (web/NAME: "run_page.html", "player.js", ...),
/// embedded into the program at build time (cmake/EmbedWebAssets.cmake), so that the
/// executables write pages without any file beside them. Throws std::logic_error for a name
/// that is not embedded.
std::string_view webAsset(std::string_view name);

} // namespace rl
