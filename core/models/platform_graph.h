#pragma once

#include "platform/fixed_costs.h"

#include <string>
#include <string_view>
#include <vector>

namespace rl {

/// Largest graph the steady-state LPs accept (the reduce LP has O(n^4) variables).
constexpr int kMaxSteadyProcessors = 40;

/// A platform graph for series of reductions and scatters (seed 002, Legrand-Marchal-Robert):
/// processors P0..P(n-1), directed links with c(i,j) = time to send one unit of message from
/// Pi to Pj (infinity: no link), w(Pi) = time for Pi to compute one task T(k,l,m) (the same for
/// every task), and the size of every message (each partial value v[k,m] and each scattered
/// message). One-port for sending and for receiving; computation overlaps communication.
struct PlatformGraph {
    int n = 0;
    std::vector<double> link; ///< n*n, row-major: link[i*n + j] = c(i,j); inf = no link
    std::vector<double> w;    ///< n
    double messageSize = 1.0;

    double cost(int i, int j) const { return link[static_cast<std::size_t>(i) * n + j]; }
    bool hasLink(int i, int j) const;
    /// Throws InputError naming the entry when n < 2, a size is wrong, c(i,j) <= 0 or NaN, a
    /// w is negative or not finite, or the message size is not > 0.
    void validate() const;
    /// The complete graph of the explorer's fixed platform: c(i,j) = d[i][j], w(Pj) = c[j],
    /// message size 1, so that one reduction of the explorer is one tree of this model.
    static PlatformGraph fromFixedCosts(const FixedCosts& costs);
    /// Text format: n lines of n link costs (",", "-" or "inf" for no link; the diagonal is
    /// ignored), then a line of n computation times w; '#' lines and blank lines ignored.
    static PlatformGraph parseCsv(std::string_view text, const std::string& source);
    std::string toCsv() const;
    /// "scatter-toy" (the seed's toy scatter: Ps, Pa, Pb, P0, P1 as P0..P4), "reduce-toy" (the
    /// seed's three-processor reduction), "ring:N", "complete:N".
    static PlatformGraph preset(std::string_view name);
    static std::vector<std::string> presetNames();
    friend bool operator==(const PlatformGraph&, const PlatformGraph&) = default;
};

/// "P3": a processor's name in messages and labels.
std::string processorName(int i);

} // namespace rl
