#include "web/page_html.h"

#include "web/web_assets.h"

#include "base/input_error.h"
#include "base/text_util.h"
#include "base/theme_colours.h"

#include <nlohmann/json.hpp>

#include <stdexcept>

namespace rl {

namespace {

nlohmann::json viewJson(const ViewColours& c, bool dark) {
    nlohmann::json categories = nlohmann::json::array();
    for (const Rgb& rgb : c.categories) {
        categories.push_back(rgb.hex());
    }
    // A reception bar as the application paints it: opaque, over the idle band (ColourRules).
    const auto reception = [dark](Rgb colour) {
        return ColourRules::receptionBar(colour, dark).hex();
    };
    return {
        {"background", c.background.hex()},
        {"foreground", c.foreground.hex()},
        {"muted", c.muted.hex()},
        {"grid", c.grid.hex()},
        {"transfer", c.transfer.hex()},
        {"reduction", c.reduction.hex()},
        {"critical", c.critical.hex()},
        {"selection", c.selection.hex()},
        {"cursor", c.cursor.hex()},
        {"idle", c.idle.hex()},
        {"onTransfer", c.onTransfer.hex()},
        {"error", c.error.hex()},
        {"nodeFill", mixRgb(c.background, c.transfer, ColourRules::kNodeFillMix).hex()},
        {"reducingFill", mixRgb(c.background, c.reduction, ColourRules::kReducingFillMix).hex()},
        {"receptionTransfer", reception(c.transfer)},
        {"receptionCritical", reception(c.critical)},
        {"receptionSelection", reception(c.selection)},
        {"categories", categories}};
}

nlohmann::json windowJson(const WindowColours& w) {
    return {{"window", w.window.hex()},
            {"text", w.text.hex()},
            {"base", w.base.hex()},
            {"alternateBase", w.alternateBase.hex()},
            {"button", w.button.hex()},
            {"tooltip", w.tooltip.hex()},
            {"highlight", w.highlight.hex()},
            {"highlightedText", w.highlightedText.hex()},
            {"link", w.link.hex()},
            {"mid", w.mid.hex()},
            {"placeholder", w.placeholder.hex()}};
}

} // namespace

std::string htmlEscaped(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (const char c : text) {
        switch (c) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        case '\'':
            out += "&#39;";
            break;
        default:
            out += c;
        }
    }
    return out;
}

std::string scriptJson(const nlohmann::json& data) {
    // Invalid UTF-8 in a string (a path, a title) is replaced rather than thrown on.
    const std::string text = data.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    std::string out;
    out.reserve(text.size() + text.size() / 16);
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '<') {
            out += "\\u003c";
        } else if (c == '>') {
            out += "\\u003e";
        } else if (c == '&') {
            out += "\\u0026";
        } else if (c == '\xe2' && i + 2 < text.size() && text[i + 1] == '\x80' &&
                   (text[i + 2] == '\xa8' || text[i + 2] == '\xa9')) {
            // U+2028 and U+2029: valid in JSON, line ends to older JavaScript parsers.
            out += text[i + 2] == '\xa8' ? "\\u2028" : "\\u2029";
            i += 2;
        } else {
            out += c;
        }
    }
    return out;
}

std::string assembleWebPage(const WebPageParts& parts, std::string_view what) {
    const auto join = [](const std::vector<std::string_view>& sources, std::string_view closer) {
        std::string text;
        for (std::string_view source : sources) {
            if (source.find(closer) != std::string_view::npos) {
                throw std::logic_error("a web source holds '" + std::string(closer) +
                                       "', which would end its element");
            }
            text += source;
            text += '\n';
        }
        return text;
    };
    const std::string style = join(parts.styles, "</style");
    const std::string script = join(parts.scripts, "</script");
    const std::string data = parts.data != nullptr ? scriptJson(*parts.data) : "null";
    const std::string title = htmlEscaped(parts.title);
    const std::pair<std::string_view, const std::string*> fills[] = {{"<!--rl:title-->", &title},
                                                                     {"<!--rl:style-->", &style},
                                                                     {"<!--rl:script-->", &script},
                                                                     {"<!--rl:data-->", &data}};
    std::string page;
    page.reserve(parts.htmlTemplate.size() + style.size() + script.size() + data.size());
    std::string_view rest = parts.htmlTemplate;
    // One pass over the template: what is inserted is never searched for placeholders.
    while (!rest.empty()) {
        std::size_t at = std::string_view::npos;
        const std::string* fill = nullptr;
        std::size_t length = 0;
        for (const auto& [marker, content] : fills) {
            const std::size_t found = rest.find(marker);
            if (found < at) {
                at = found;
                fill = content;
                length = marker.size();
            }
        }
        if (fill == nullptr) {
            page += rest;
            break;
        }
        page += rest.substr(0, at);
        page += *fill;
        rest.remove_prefix(at + length);
    }
    if (page.size() > kMaxWebPageBytes) {
        throw InputError(std::string(what) + " would take " + std::to_string(page.size() / 1024) +
                         " KiB, more than the " + std::to_string(kMaxWebPageBytes >> 20) +
                         " MiB a web page may take: show fewer processors or algorithms");
    }
    return page;
}

std::string webPage(const WebPageSources& sources, const std::string& title,
                    const nlohmann::json& data, std::string_view what) {
    // The page's elements, whole lines, take the place of the shell's <!--rl:body--> line.
    const std::string_view shell = webAsset("page.html");
    constexpr std::string_view kBody = "<!--rl:body-->\n";
    const std::size_t at = shell.find(kBody);
    if (at == std::string_view::npos) {
        throw std::logic_error("web/page.html has no <!--rl:body--> line");
    }
    std::string htmlTemplate(shell.substr(0, at));
    htmlTemplate += webAsset(sources.body);
    htmlTemplate += shell.substr(at + kBody.size());
    WebPageParts parts;
    parts.htmlTemplate = htmlTemplate;
    parts.title = title;
    parts.styles = {webAsset("page.css"), webAsset(sources.style)};
    parts.scripts = {webAsset("common.js"), webAsset(sources.script)};
    for (std::string_view name : sources.moreStyles) {
        parts.styles.push_back(webAsset(name));
    }
    for (std::string_view name : sources.moreScripts) {
        parts.scripts.push_back(webAsset(name));
    }
    parts.data = &data;
    return assembleWebPage(parts, what);
}

nlohmann::json webStyle() {
    return {{"light",
             {{"view", viewJson(viewColours(false), false)},
              {"window", windowJson(windowColours(false))}}},
            {"dark",
             {{"view", viewJson(viewColours(true), true)},
              {"window", windowJson(windowColours(true))}}},
            {"presentationScale", StyleSizes::kPresentationScale},
            // Points to CSS pixels (96 per inch, 72 points per inch).
            {"fontPx", StyleSizes::kBasePointSize * 96.0 / 72.0}};
}

} // namespace rl
