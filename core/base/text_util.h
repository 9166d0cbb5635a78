#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace rl {

/// Splits on `sep`, keeping empty fields.
std::vector<std::string> splitString(std::string_view text, char sep);
/// One data line of a CSV text: its 1-based line number (for messages) and its fields.
struct CsvLine {
    int number = 0;
    std::vector<std::string> fields;
};
/// The data lines of a CSV text: blank lines and lines starting with '#' skipped, the rest split
/// at commas (fields untrimmed).
std::vector<CsvLine> csvDataLines(std::string_view text);
/// Strips ASCII blanks at both ends.
std::string_view trim(std::string_view text);
/// Parses a whole field as a finite or infinite double; throws InputError("<context>: ...").
double parseNumber(std::string_view text, const std::string& context);
/// Parses a whole field as an integer in [lo, hi]; throws InputError naming `context`.
long long parseInteger(std::string_view text, const std::string& context, long long lo,
                       long long hi);
/// Shortest decimal text that reads back to the same double ("0.1", "1e-05", "3").
std::string formatNumber(double value);
/// Significant digits of every number the application shows (fields, tables, tooltips).
inline constexpr int kShownDigits = 6;
/// A number as the application shows it: rounded to `digits` significant digits ("0.630957",
/// "1.5", "1e-05", "1.23457e+06"), and "—" when it is not finite. The GUI's shownNumber() and
/// the web pages' texts.
std::string formatSignificant(double value, int digits = kShownDigits);
/// A duration as people read it: "42 s", "3 min 05 s", "2 h 10 min" (whole seconds).
std::string formatDuration(double seconds);
/// A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, inner quotes
/// doubled.
std::string csvField(const std::string& field);
/// `text` made safe to echo on one line of a message: control characters (newline, tab, escape,
/// DEL, ...) become C-style escapes ("\\n", "\\t", "\\x1b"), a backslash stays as is.
std::string printable(std::string_view text);
/// printable(text) between single quotes, for naming a user's value or path in a message.
std::string quoted(std::string_view text);

} // namespace rl
