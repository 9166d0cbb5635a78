#pragma once

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace rl {

/// How deeply a JSON file ReduceLab reads may nest (its own files nest three levels): a deeper
/// document is refused while it is parsed, before its depth could exhaust the stack.
inline constexpr int kMaxJsonDepth = 64;

/// The text of a JSON file as ReduceLab writes it (scenarios, sweep sidecars, `run --format
/// json`): keys in order, four spaces of indentation, a final newline. Strings that are not
/// valid UTF-8 are written with U+FFFD in place of the bad bytes, never refused.
std::string jsonText(const nlohmann::json& document);

/// A number as ReduceLab's files write it: a whole value of magnitude below 2^53 as an integer
/// ("1", not "1.0", as files written by earlier versions have it), any other finite value as
/// the shortest decimal that reads back to the same double. Readers accept both forms.
nlohmann::json jsonNumber(double value);

/// Parses a JSON document that must be an object (nested at most kMaxJsonDepth levels).
/// Throws InputError "not valid JSON (...)" naming the position and the problem, or "not a
/// JSON object".
nlohmann::json parseJsonObject(std::string_view text);

/// A test of a value's type, such as &nlohmann::json::is_string.
using JsonTypeTest = bool (nlohmann::json::*)() const noexcept;

/// The field `key` of the object `o`, which `is` must accept; throws InputError
/// "CONTEXTfield 'KEY' is missing or has the wrong type" otherwise (`context`: "scenario: ").
const nlohmann::json& jsonField(const nlohmann::json& o, const char* key, JsonTypeTest is,
                                std::string_view context);

/// The value of a non-negative integer written as a JSON string (seeds, replicate counts: JSON
/// numbers hold 53 bits), blanks around it allowed; nothing when `v` is not such a string.
std::optional<std::uint64_t> wholeFromString(const nlohmann::json& v);

} // namespace rl
