#include "studies/json_text.h"

#include "base/input_error.h"
#include "base/text_util.h"

#include <nlohmann/json.hpp>

#include <charconv>
#include <cmath>

namespace rl {

std::string jsonText(const nlohmann::json& document) {
    return document.dump(4, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

nlohmann::json jsonNumber(double value) {
    constexpr double kExactIntegers = 9007199254740992.0; // 2^53
    if (std::isfinite(value) && std::fabs(value) < kExactIntegers && value == std::floor(value)) {
        return static_cast<std::int64_t>(value);
    }
    return value;
}

nlohmann::json parseJsonObject(std::string_view text) {
    nlohmann::json document;
    try {
        // The depth is checked as the parser descends: the whole document is never built.
        document = nlohmann::json::parse(
            text.begin(), text.end(),
            [](int depth, nlohmann::json::parse_event_t, nlohmann::json&) {
                if (depth > kMaxJsonDepth) {
                    throw InputError("not valid JSON (nested deeper than " +
                                     std::to_string(kMaxJsonDepth) + " levels)");
                }
                return true;
            });
    } catch (const nlohmann::json::exception& e) {
        // "[json.exception.parse_error.101] parse error at line 1, column 2: ...": the bracket
        // names the library's internals, the rest the problem.
        std::string what = e.what();
        if (const auto close = what.find("] ");
            what.rfind("[json.exception.", 0) == 0 && close != std::string::npos) {
            what.erase(0, close + 2);
        }
        throw InputError("not valid JSON (" + what + ")");
    }
    if (!document.is_object()) {
        throw InputError("not a JSON object");
    }
    return document;
}

const nlohmann::json& jsonField(const nlohmann::json& o, const char* key, JsonTypeTest is,
                                std::string_view context) {
    const auto it = o.find(key);
    if (it == o.end() || !((*it).*is)()) {
        throw InputError(std::string(context) + "field '" + key +
                         "' is missing or has the wrong type");
    }
    return *it;
}

std::optional<std::uint64_t> wholeFromString(const nlohmann::json& v) {
    if (!v.is_string()) {
        return std::nullopt;
    }
    const std::string_view s = trim(v.get_ref<const std::string&>());
    std::uint64_t x = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), x);
    if (s.empty() || ec != std::errc() || end != s.data() + s.size()) {
        return std::nullopt;
    }
    return x;
}

} // namespace rl
