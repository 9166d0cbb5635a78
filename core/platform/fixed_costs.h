#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace rl {

/// Fixed platform costs (docs/model.md §2): transfer matrix d[i][j] (diagonal unused) and reduction
/// vector c[j]. Plain value.
struct FixedCosts {
    int n = 0;
    std::vector<double> d; ///< n*n, row-major: d[i*n + j] is the cost of transfer i -> j
    std::vector<double> c; ///< n: the cost of every reduction on Pj

    double transfer(int from, int to) const { return d[static_cast<std::size_t>(from) * n + to]; }
    double reduction(int p) const { return c[static_cast<std::size_t>(p)]; }
    /// min over i != j of d[i][j] (0 when n < 2).
    double minTransfer() const;

    /// Throws InputError if a size is wrong or a cost is negative or not finite.
    void validate() const;

    /// Homogeneous platform: every transfer costs `d`, every reduction `c`.
    static FixedCosts homogeneous(int n, double d, double c);
    /// The worst-case instance of RR Th. 1 / Th. 4: d[i][j] = d for i < j, D for i > j.
    static FixedCosts worstCase(int n, double d, double bigD, double c);
    /// Liu-Wang sender-only costs d[i][j] = t[i], no reduction cost.
    static FixedCosts senderOnly(const std::vector<double>& t);
    /// Liu-Wang Fig. 1 cluster: t = 10, 5, 5, 5, 4, 2, 2.
    static FixedCosts liuWangFig1();
    /// Liu-Wang Fig. 8 cluster: 4 processors of time x, 8 of time 1.
    static FixedCosts liuWangFig8(double x);

    /// Parses the matrix file format (docs/cli.md): n lines of n comma-separated transfer costs,
    /// optionally followed by one line of n reduction costs (absent: c = 0). Blank lines and
    /// lines starting with '#' are ignored. `source` names the file in error messages.
    static FixedCosts parseCsv(std::string_view text, const std::string& source);
    /// Writes the same format.
    std::string toCsv() const;

    friend bool operator==(const FixedCosts&, const FixedCosts&) = default;
};

/// Throws InputError when an n x n cost matrix would exceed the memory cap (base/limits.h).
void checkMatrixMemory(std::uint64_t n);

/// Largest n a sized preset (homogeneous, worstcase) is asked for: its matrix is then 128 MiB.
constexpr int kMaxPresetProcessors = 4096;

} // namespace rl
