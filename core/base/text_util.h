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
/// A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, inner quotes
/// doubled.
std::string csvField(const std::string& field);

} // namespace rl
