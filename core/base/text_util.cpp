#include "base/text_util.h"

#include "base/input_error.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <limits>

namespace rl {

std::vector<std::string> splitString(std::string_view text, char sep) {
    std::vector<std::string> out;
    std::size_t start = 0;
    for (;;) {
        const std::size_t pos = text.find(sep, start);
        if (pos == std::string_view::npos) {
            out.emplace_back(text.substr(start));
            return out;
        }
        out.emplace_back(text.substr(start, pos - start));
        start = pos + 1;
    }
}

std::vector<CsvLine> csvDataLines(std::string_view text) {
    std::vector<CsvLine> out;
    int number = 0;
    for (const std::string& raw : splitString(text, '\n')) {
        ++number;
        const std::string_view line = trim(raw);
        if (!line.empty() && line.front() != '#') {
            out.push_back({number, splitString(line, ',')});
        }
    }
    return out;
}

std::string_view trim(std::string_view text) {
    const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    while (!text.empty() && blank(text.front())) {
        text.remove_prefix(1);
    }
    while (!text.empty() && blank(text.back())) {
        text.remove_suffix(1);
    }
    return text;
}

double parseNumber(std::string_view text, const std::string& context) {
    const std::string_view t = trim(text);
    double value = 0.0;
    const char* end = t.data() + t.size();
    const auto [ptr, ec] = std::from_chars(t.data(), end, value);
    if (t.empty() || ec != std::errc() || ptr != end) {
        throw InputError(context + ": '" + std::string(t) + "' is not a number");
    }
    if (std::isnan(value)) {
        throw InputError(context + ": NaN is not allowed");
    }
    return value;
}

long long parseInteger(std::string_view text, const std::string& context, long long lo,
                       long long hi) {
    const std::string_view t = trim(text);
    long long value = 0;
    const char* end = t.data() + t.size();
    const auto [ptr, ec] = std::from_chars(t.data(), end, value);
    if (t.empty() || ec != std::errc() || ptr != end) {
        throw InputError(context + ": '" + std::string(t) + "' is not an integer");
    }
    if (value < lo || value > hi) {
        throw InputError(context + ": " + std::to_string(value) + " is out of range [" +
                         std::to_string(lo) + ", " + std::to_string(hi) + "]");
    }
    return value;
}

std::string formatNumber(double value) {
    char buf[64];
    const auto [ptr, ec] = std::to_chars(buf, buf + sizeof buf, value);
    return ec == std::errc() ? std::string(buf, ptr) : std::string("?");
}

std::string formatSignificant(double value, int digits) {
    if (!std::isfinite(value)) {
        return "—";
    }
    // std::to_chars: printf's %g without the locale's decimal comma (the GUI sets a locale).
    char buf[64];
    const auto end =
        std::to_chars(buf, buf + sizeof buf, value, std::chars_format::general, digits).ptr;
    return std::string(buf, end);
}

std::string formatDuration(double seconds) {
    constexpr double kMaxHours = 1e6;
    if (!(seconds >= 0.0)) {
        seconds = 0.0; // NaN or negative: nothing left
    }
    if (seconds >= kMaxHours * 3600.0) {
        return "over a million hours";
    }
    const auto whole = static_cast<long long>(std::llround(seconds));
    char text[48];
    if (whole < 60) {
        std::snprintf(text, sizeof text, "%lld s", whole);
    } else if (whole < 3600) {
        std::snprintf(text, sizeof text, "%lld min %02lld s", whole / 60, whole % 60);
    } else {
        std::snprintf(text, sizeof text, "%lld h %02lld min", whole / 3600, whole / 60 % 60);
    }
    return text;
}

std::string csvField(const std::string& field) {
    if (field.find_first_of(",\"\r\n") == std::string::npos) {
        return field;
    }
    std::string out = "\"";
    for (char ch : field) {
        out += ch;
        if (ch == '"') {
            out += '"';
        }
    }
    out += '"';
    return out;
}

std::string printable(std::string_view text) {
    static const char* const kHex = "0123456789abcdef";
    std::string out;
    out.reserve(text.size());
    for (const char ch : text) {
        const auto c = static_cast<unsigned char>(ch);
        if (c >= 0x20 && c != 0x7f) {
            out += ch; // UTF-8 continuation bytes (>= 0x80) pass through unchanged
            continue;
        }
        switch (c) {
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            out += "\\x";
            out += kHex[c >> 4];
            out += kHex[c & 0xf];
        }
    }
    return out;
}

std::string quoted(std::string_view text) {
    // Appended piece by piece: "'" + std::string trips a GCC 12 -Wrestrict false positive.
    std::string out(1, '\'');
    out += printable(text);
    out += '\'';
    return out;
}

} // namespace rl
