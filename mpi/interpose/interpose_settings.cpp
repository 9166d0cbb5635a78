#include "interpose_settings.h"

#include "algorithms/algorithm_registry.h"
#include "base/input_error.h"
#include "mpi/real_reduction.h"

#include <sys/stat.h>
#include <unistd.h>

#include <string_view>

namespace rl {

namespace {

// The algorithms the real-execution runtime runs (mpi/real_reduction.h, its table).
bool hasRealExecution(const Algorithm& a) {
    return mpi::realAlgorithm(a, 2).has_value();
}

} // namespace

std::string interposeAlgorithmKeys() {
    std::string keys;
    for (const Algorithm& a : allAlgorithms()) {
        if (hasRealExecution(a)) {
            keys += (keys.empty() ? "" : ", ") + a.key();
        }
    }
    return keys;
}

InterposeSettings parseInterposeSettings(const char* reduce, const char* trace, const char* stats) {
    InterposeSettings s;
    if (reduce != nullptr && *reduce != '\0' && std::string_view(reduce) != "auto") {
        std::optional<Algorithm> a;
        try {
            a = findAlgorithm(allAlgorithms(), reduce); // ompi-chain:K, ompi-default:B too
        } catch (const InputError& e) {                 // a parameter out of range
            throw InputError("REDUCELAB_REDUCE='" + std::string(reduce) + "': " + e.what());
        }
        if (!a || !hasRealExecution(*a)) {
            throw InputError("REDUCELAB_REDUCE='" + std::string(reduce) +
                             "': " + (a ? "no real execution" : "unknown algorithm") +
                             " (known: auto, " + interposeAlgorithmKeys() + ")");
        }
        s.algorithm = reduce;
    }
    if (trace != nullptr && *trace != '\0') {
        struct stat st {};
        if (::stat(trace, &st) != 0 || !S_ISDIR(st.st_mode) || ::access(trace, W_OK | X_OK) != 0) {
            throw InputError("REDUCELAB_TRACE='" + std::string(trace) + "': not a writable folder");
        }
        s.traceDir = trace;
    }
    if (stats != nullptr && *stats != '\0') {
        const std::string_view v(stats);
        if (v != "0" && v != "1") {
            throw InputError("REDUCELAB_REDUCE_STATS='" + std::string(v) + "': 0 or 1 expected");
        }
        s.stats = v == "1";
    }
    return s;
}

std::string algorithmForCall(const InterposeSettings& s, bool commutative) {
    if (s.algorithm == "auto") {
        return commutative ? "tree-dyn" : "nctd";
    }
    if (!commutative) {
        const std::optional<Algorithm> a = findAlgorithm(allAlgorithms(), s.algorithm);
        if (!a || !a->validNonCommutative()) {
            return {};
        }
    }
    return s.algorithm;
}

} // namespace rl
