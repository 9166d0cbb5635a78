#pragma once
// What a test of the web pages reads back from a page (tests/core/web): the data the program
// embedded, parsed, as the page's script parses it.

#include <nlohmann/json.hpp>

#include <stdexcept>
#include <string>

namespace rl::test {

/// The JSON of the page's <script type="application/json" id="rl-data"> element.
inline nlohmann::json pageData(const std::string& html) {
    const std::string open = "<script type=\"application/json\" id=\"rl-data\">";
    const std::size_t start = html.find(open);
    if (start == std::string::npos) {
        throw std::runtime_error("the page has no data element");
    }
    const std::size_t from = start + open.size();
    const std::size_t end = html.find("</script>", from);
    return nlohmann::json::parse(html.substr(from, end - from));
}

} // namespace rl::test
