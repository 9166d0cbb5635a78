#pragma once
// Shared by the fuzz targets: how a target treats what the fuzzer gives it.
#include "base/file_io.h"
#include "base/input_error.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace rl::fuzz {

/// The input as text (any bytes, NULs included).
inline std::string text(const std::uint8_t* data, std::size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

/// What every entry point may do with bad input: refuse it with InputError (a named problem)
/// or OutputError. Anything else escaping — another exception, a crash, a sanitizer report,
/// a hang — is a finding.
template <class F> void expectAcceptOrRefuse(F&& f) {
    try {
        f();
    } catch (const InputError&) {
    } catch (const OutputError&) {
    }
}

/// A finding that is not a crash (a broken invariant): report and abort, so libFuzzer keeps
/// the input.
[[noreturn]] inline void finding(const char* what) {
    std::fprintf(stderr, "fuzz finding: %s\n", what);
    std::abort();
}

inline void expectFiniteNonNegative(double v, const char* what) {
    if (!std::isfinite(v) || v < 0.0) {
        finding(what);
    }
}

} // namespace rl::fuzz
