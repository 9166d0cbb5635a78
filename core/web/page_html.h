#pragma once
// What the web pages share (run_page.h, figure_page.h): their assembly from web/'s sources and
// the data embedded in them, safely, and their size limit.

#include <nlohmann/json_fwd.hpp>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace rl {

/// Largest page written: a page is opened by a browser from a USB stick or a course site, and
/// one of this size already takes seconds to open on a phone.
inline constexpr std::size_t kMaxWebPageBytes = std::size_t{8} << 20;

/// `text` with &, <, >, " and ' as character references: safe as HTML text and attribute value.
std::string htmlEscaped(std::string_view text);

/// `data` as JSON text that can sit inside a <script> element: every '<', '>' and '&' (which
/// JSON allows only inside strings) written as a \u escape, so that no "</script>" or "<!--"
/// can end the element or change how it is parsed; U+2028 and U+2029 as escapes too.
std::string scriptJson(const nlohmann::json& data);

/// The parts of a page.
struct WebPageParts {
    std::string_view htmlTemplate;         ///< a web/ template, with <!--rl:NAME--> placeholders
    std::string title;                     ///< plain text (escaped here)
    std::vector<std::string_view> styles;  ///< web/ style sheets, in order
    std::vector<std::string_view> scripts; ///< web/ scripts, in order
    const nlohmann::json* data = nullptr;  ///< what the scripts read (#rl-data)
};

/// The page: the template with its placeholders <!--rl:title-->, <!--rl:style-->,
/// <!--rl:script--> and <!--rl:data--> filled in one pass (so that nothing inserted is ever
/// read as a placeholder). Throws std::logic_error when a source would end its element early
/// (holds "</script" or "</style") and InputError when the page exceeds kMaxWebPageBytes,
/// naming `what` (e.g. "web page of n = 4096").
std::string assembleWebPage(const WebPageParts& parts, std::string_view what);

/// The sources of one of the program's pages, by their names in web/ (webAsset()).
struct WebPageSources {
    std::string_view body;   ///< the page's own elements ("run_page.html", "figure_page.html")
    std::string_view style;  ///< its style sheet, after page.css
    std::string_view script; ///< its script, after common.js
    std::vector<std::string_view> moreStyles = {};  ///< further style sheets, after `style`
    std::vector<std::string_view> moreScripts = {}; ///< further scripts, after `script`
};

/// One of the program's pages: web/page.html (the head with its Content-Security-Policy,
/// which forbids every request, the header with the title, the footer, the tooltip, the data
/// and the script elements) around the page's own elements, with web/page.css and
/// web/common.js before its style sheet and script, and `data` as #rl-data. The shell and the
/// elements, both the program's sources, are joined first; then assembleWebPage fills the
/// result in one pass (and throws as it does).
std::string webPage(const WebPageSources& sources, const std::string& title,
                    const nlohmann::json& data, std::string_view what);

/// The colours and sizes of both styles that every page draws with, from core/base's
/// theme_colours.h (the application's): "light" and "dark", each with its view and window
/// colours and derived ones, and the presentation scale and base font size.
nlohmann::json webStyle();

} // namespace rl
